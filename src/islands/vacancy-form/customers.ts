/** The customers of a vacancy as the form holds them. */
export interface CustomerChoice {
  customers: string[];
  mainCustomer: string;
}

/**
 * SPEC.md §4, Main customer: the main customer is always one of the chosen ones (unchecking the
 * main customer clears it), and when exactly one customer is chosen, that one is the main one.
 */
export function settle({ customers, mainCustomer }: CustomerChoice): CustomerChoice {
  let main = customers.includes(mainCustomer) ? mainCustomer : '';
  if (customers.length === 1) main = customers[0]!;
  return { customers, mainCustomer: main };
}

export function toggleCustomer(choice: CustomerChoice, id: string, on: boolean): CustomerChoice {
  const customers = on ? [...choice.customers.filter((c) => c !== id), id] : choice.customers.filter((c) => c !== id);
  return settle({ customers, mainCustomer: choice.mainCustomer });
}

/** 'Check all' chooses every customer; unticking it clears the choice. */
export function checkAll(choice: CustomerChoice, all: string[], on: boolean): CustomerChoice {
  return settle({ customers: on ? [...all] : [], mainCustomer: choice.mainCustomer });
}

/** The star: only a chosen customer can be the main one. */
export function makeMain(choice: CustomerChoice, id: string): CustomerChoice {
  return choice.customers.includes(id) ? { ...choice, mainCustomer: id } : choice;
}
