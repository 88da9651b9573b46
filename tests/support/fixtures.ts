import { db } from './client.ts';

/** A city and soft skills the catalogue always has. */
export async function catalogue(): Promise<{ moscow: number; skills: number[] }> {
  const moscow = (await db().query(`select id from cities where name_en = 'Moscow'`)).rows[0].id as number;
  const skills = (await db().query('select id from soft_skills order by position limit 2')).rows.map((r) => r.id as number);
  return { moscow, skills };
}

/** A published vacancy's body; the first customer is the main one. */
export function vacancyBody(c: { moscow: number; skills: number[] }, customers: string[], patch: Record<string, unknown> = {}) {
  return {
    positionType: 3, positionName: 'Project manager', quantity: 1, departmentName: 'IT', hardSkills: ['Jira'], jobExperience: 2,
    softSkills: c.skills, country: 'ru', cityId: c.moscow, address: 'Tverskaya 1', salary: 100000, schedule: 1, customers,
    mainCustomer: customers[0], status: 1, ...patch,
  };
}

/** A candidate with every field. */
export function candidateBody(c: { moscow: number }, patch: Record<string, unknown> = {}) {
  return {
    name: 'Anna', surname: 'Smirnova', dob: '1990-05-17', positionName: 'Менеджер проектов', salary: 120000, salaryTo: 150000,
    cityId: c.moscow, email: 'anna@example.com', phone: '+7 900 000-00-00', schedule: [1, 3], skills: ['Jira'],
    jobExperience: [{ from: '2019-01-01', to: '2020-12-31', companyName: 'Acme', companyInfo: '', positionName: 'PM', positionDescription: 'Led releases' }],
    education: [{ year: 2012, name: 'MSU', description: 'Economics' }],
    langs: [{ lang: 'English', level: 'C1' }],
    ...patch,
  };
}
