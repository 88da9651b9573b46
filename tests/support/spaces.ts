import { Client, lastCode, PASSWORD, signUp, uniqueEmail } from './client.ts';

/** Invites `role` into the inviter's space and registers them; returns their signed-in client. */
export async function inviteAndRegister(inviter: Client, role: 'recruiter' | 'customer', name = 'Kate', surname = 'Client') {
  const email = uniqueEmail(role);
  const invited = await inviter.post('/api/v1/users/invite', { email, name, surname, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${invited.text}`);
  const client = new Client();
  const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role });
  client.token = registered.json.accessToken;
  const verified = await client.post('/api/v1/auth/verify/email', { email, code: await lastCode(email) });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.text}`);
  return { client, id: registered.json.user.id as string, email };
}

/** A company with a recruiter and two registered customers. */
export async function space() {
  const company = await signUp('company');
  await company.client.put('/api/v1/users/profile', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
  const recruiter = await inviteAndRegister(company.client, 'recruiter', 'Ivan', 'Petrov');
  const customer = await inviteAndRegister(company.client, 'customer', 'Kate', 'First');
  const customer2 = await inviteAndRegister(company.client, 'customer', 'Lena', 'Second');
  return { company, recruiter, customer, customer2 };
}
