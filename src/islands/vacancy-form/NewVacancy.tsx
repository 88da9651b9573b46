import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import type { SoftSkillDto } from '../../lib/schemas/vacancy.ts';
import { VacancyForm } from './VacancyForm.tsx';
import type { CustomerOption } from './CustomersField.tsx';
import './vacancy-form.css';

interface Props extends IslandProps {
  softSkills: SoftSkillDto[];
  customers: CustomerOption[];
}

/** `/recruiter/vacancy/add`: an empty form; its comment becomes the vacancy's first comment. */
function NewVacancy(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  return <VacancyForm t={t} href={href} locale={props.locale} hydrated={hydrated} softSkills={props.softSkills} customers={props.customers} withComment />;
}

export default island(NewVacancy);
