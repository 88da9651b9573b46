/**
 * The islands' form state: the part of react-hook-form's API our forms use (register, submit
 * with a resolver, server errors on fields, controlled fields and field arrays), in about 3 KB
 * gzip instead of react-hook-form's 15 KB, which alone put the candidate and vacancy forms over
 * the 90 KB a page may need before it is interactive (issue 12, docs/decisions/0024). The types
 * are react-hook-form's own (a type import ships nothing), so a form reads as it did and moving
 * back is one import line.
 *
 * What it does the way react-hook-form does by default: inputs stay uncontrolled and keep their
 * values in the store as they change; nothing is checked before the first submit, everything
 * is checked again on each change after it; a failed submit focuses the first field with an
 * error, in the order the fields registered; values outlive their inputs (a removed group
 * leaves no stale errors, its values go with it).
 */
import { useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import type {
  Control,
  ControllerProps,
  FieldArray,
  FieldArrayPath,
  FieldArrayWithId,
  FieldError,
  FieldPath,
  FieldValues,
  FormState,
  Resolver,
  UseControllerProps,
  UseControllerReturn,
  UseFieldArrayReturn,
  UseFormProps,
  UseFormReturn,
} from 'react-hook-form';

export type { Control, FieldErrors, FieldValues, Path, Resolver, UseFormRegister, UseFormSetError } from 'react-hook-form';

type Tree = Record<string, unknown>;
type Validate = (value: unknown, values: unknown) => unknown;
type Element = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const segments = (path: string) => path.split('.');

/** The value at a dotted path ('jobs.0.company'). */
export function getPath(tree: unknown, path: string): unknown {
  let node = tree;
  for (const key of segments(path)) {
    if (node == null || typeof node !== 'object') return undefined;
    node = (node as Tree)[key];
  }
  return node;
}

/** Sets the value at a dotted path, making arrays for numeric segments on the way. */
export function setPath(tree: Tree, path: string, value: unknown): void {
  const keys = segments(path);
  let node: Tree = tree;
  keys.slice(0, -1).forEach((key, i) => {
    const next = node[key];
    if (next == null || typeof next !== 'object') node[key] = /^\d+$/.test(keys[i + 1]!) ? [] : {};
    node = node[key] as Tree;
  });
  node[keys.at(-1)!] = value;
}

function unsetPath(tree: Tree, path: string): void {
  const keys = segments(path);
  const parent = getPath(tree, keys.slice(0, -1).join('.'));
  if (keys.length === 1) delete tree[keys[0]!];
  else if (parent && typeof parent === 'object') delete (parent as Tree)[keys.at(-1)!];
}

/** A deep copy of plain values (objects, arrays, dates); files and the rest are kept as they are. */
function copy<V>(value: V): V {
  if (Array.isArray(value)) return value.map(copy) as V;
  if (value instanceof Date) return new Date(value) as V;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as V;
  }
  return value;
}

/** Whether an error tree holds any message. */
function hasErrors(tree: unknown): boolean {
  if (!tree || typeof tree !== 'object') return false;
  if (typeof (tree as FieldError).message === 'string' || typeof (tree as FieldError).type === 'string') return true;
  return Object.values(tree).some(hasErrors);
}

/**
 * Whether a changed input can be what the person typed on this page before its island took
 * over: after Back or a reload the browser puts back the values of an earlier visit, which must
 * not win over the data the server has just sent (an edit form of a vacancy changed since).
 */
function typedBeforeHydration(): boolean {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return navigation?.type !== 'back_forward' && navigation?.type !== 'reload';
}

/** Whether a person changed an input from what its HTML gave it (its default). */
function changedByPerson(element: Element): boolean {
  if (element instanceof HTMLInputElement) {
    if (element.type === 'checkbox' || element.type === 'radio') return element.checked !== element.defaultChecked;
    return element.value !== element.defaultValue;
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (element instanceof HTMLSelectElement) {
    const options = [...element.options];
    if (element.multiple) return options.some((option) => option.selected !== option.defaultSelected);
    // a select whose HTML marks no option shows its first
    return element.selectedIndex !== Math.max(0, options.findIndex((option) => option.defaultSelected));
  }
  return false;
}

let lastId = 0;
const newId = () => `f${++lastId}`;

/** One form's state, shared by its useForm, useController and useFieldArray calls. */
class Store {
  values: Tree;
  defaults: Tree;
  errors: Tree = {};
  submitted = false;
  submitting = false;
  resolver?: Resolver<FieldValues, unknown, unknown>;
  /** Inputs by name, in the order they registered (the focus order of a failed submit). */
  readonly elements = new Map<string, Set<Element | { focus?: () => void }>>();
  /** Names held by a controller: their inputs do not carry the value. */
  readonly controlled = new Set<string>();
  readonly rules = new Map<string, Validate>();
  readonly watched = new Set<string>();
  readonly arrayIds = new Map<string, string[]>();
  /**
   * Items added to a list since the last submit, by id, with the fields of each the person has
   * changed: an empty row added after a failed submit is not shown red before it is filled in or
   * submitted (react-hook-form showed every new row's required fields in red at once).
   */
  readonly fresh = new Map<string, Set<string>>();
  private readonly refs = new Map<string, (element: Element | null) => (() => void) | void>();
  private readonly listeners = new Set<() => void>();
  version = 0;

  constructor(defaults: Tree | undefined) {
    this.defaults = copy(defaults ?? {});
    this.values = copy(this.defaults);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  changed() {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }

  setErrors(errors: Tree) {
    this.errors = errors;
    this.changed();
  }

  private attach(name: string, element: Element | { focus?: () => void }) {
    let set = this.elements.get(name);
    if (!set) this.elements.set(name, (set = new Set()));
    set.add(element);
    return () => void set.delete(element);
  }

  /** The stable ref of an input: one function per name, so React does not re-attach it on every render. */
  ref(name: string) {
    let ref = this.refs.get(name);
    if (!ref) {
      ref = (element) => {
        if (!element) return;
        const known = this.elements.get(name)?.has(element);
        const detach = this.attach(name, element);
        if (known) return detach;
        // an input of the server's HTML that the person changed before the island took over
        // (typing on a slow line) keeps what they typed, and the form takes it
        if (typedBeforeHydration() && changedByPerson(element)) {
          setPath(this.values, name, this.read(name, element));
          if (this.watched.has(name)) this.changed();
        } else this.write(element, getPath(this.values, name));
        return detach;
      };
      this.refs.set(name, ref);
    }
    return ref;
  }

  focusRef(name: string) {
    return (element: { focus?: () => void } | null) => (element ? this.attach(name, element) : undefined);
  }

  private inputs(name: string): Element[] {
    const set = this.elements.get(name);
    if (!set) return [];
    // an input React removed without telling (a ref that was wrapped) no longer counts
    for (const element of set) if (element instanceof Node && !element.isConnected) set.delete(element);
    return [...set].filter((element): element is Element => element instanceof Node);
  }

  private write(element: Element, value: unknown) {
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      element.checked = Array.isArray(value) ? value.includes(element.value) : element.type === 'radio' ? element.value === value : Boolean(value);
    } else if (!(element instanceof HTMLInputElement && element.type === 'file')) {
      element.value = value == null ? '' : String(value);
    }
  }

  /** The value an input's change gives its name. */
  read(name: string, target: Element): unknown {
    if (target instanceof HTMLInputElement) {
      if (target.type === 'file') return target.files;
      if (target.type === 'radio') return this.inputs(name).find((input) => (input as HTMLInputElement).checked)?.value ?? null;
      if (target.type === 'checkbox') {
        const boxes = this.inputs(name) as HTMLInputElement[];
        return boxes.length > 1 ? boxes.filter((box) => box.checked).map((box) => box.value) : target.checked;
      }
    }
    return target.value;
  }

  /** Puts values on the inputs of `name` and of every name under it. */
  syncInputs(name?: string) {
    for (const key of this.elements.keys()) {
      if (this.controlled.has(key)) continue;
      if (name && key !== name && !key.startsWith(`${name}.`)) continue;
      for (const input of this.inputs(key)) this.write(input, getPath(this.values, key));
    }
  }

  /** Checks the values: the resolver's errors and the registered rules'. */
  async validate(): Promise<{ values: unknown; errors: Tree }> {
    let values: unknown = this.values;
    let errors: Tree = {};
    if (this.resolver) {
      const names = [...this.elements.keys()] as FieldPath<FieldValues>[];
      const result = await this.resolver(copy(this.values), undefined, { names, fields: {}, criteriaMode: 'firstError', shouldUseNativeValidation: false });
      values = result.values;
      errors = copy(result.errors as Tree);
    }
    for (const [name, rule] of this.rules) {
      if (getPath(errors, name)) continue;
      const verdict = await rule(getPath(this.values, name), this.values);
      if (verdict === false || typeof verdict === 'string') setPath(errors, name, { type: 'validate', message: verdict || '' });
    }
    return { values, errors };
  }

  /** After the first submit, every change is checked again (react-hook-form's reValidateMode). */
  async revalidate() {
    if (!this.submitted) return;
    const { errors } = await this.validate();
    this.setErrors(this.withoutFresh(errors));
  }

  /** Notes a person's change of `name`, if it is a field of an item added since the last submit. */
  touched(name: string) {
    for (const [list, ids] of this.arrayIds) {
      if (!name.startsWith(`${list}.`)) continue;
      const [index, ...field] = name.slice(list.length + 1).split('.');
      this.fresh.get(ids[Number(index)] ?? '')?.add(field.join('.'));
    }
  }

  /** The errors without those of fresh items' fields the person has not changed yet. */
  private withoutFresh(errors: Tree): Tree {
    for (const [list, ids] of this.arrayIds) {
      ids.forEach((id, index) => {
        const changed = this.fresh.get(id);
        const item = getPath(errors, `${list}.${index}`);
        if (!changed || !item || typeof item !== 'object') return;
        // a rule over the whole item (a period's end before its start) waits for a change in it
        if (typeof (item as { message?: unknown }).message === 'string') {
          if (changed.size === 0) unsetPath(errors, `${list}.${index}`);
          return;
        }
        for (const field of Object.keys(item)) {
          if (![...changed].some((name) => name === field || name.startsWith(`${field}.`))) unsetPath(errors, `${list}.${index}.${field}`);
        }
      });
    }
    return errors;
  }

  focusFirstError() {
    for (const [name, set] of this.elements) {
      if (!getPath(this.errors, name)) continue;
      for (const element of set) {
        if (element instanceof Node && !element.isConnected) continue;
        if (typeof element.focus === 'function') return element.focus();
      }
    }
  }

  ids(name: string): string[] {
    const length = (getPath(this.values, name) as unknown[] | undefined)?.length ?? 0;
    let ids = this.arrayIds.get(name);
    if (!ids || ids.length !== length) {
      ids = Array.from({ length }, (_, i) => ids?.[i] ?? newId());
      this.arrayIds.set(name, ids);
    }
    return ids;
  }
}

const storeOf = (control: unknown) => control as Store;

function useStore(store: Store) {
  useSyncExternalStore(store.subscribe, () => store.version, () => store.version);
}

type FormApi<V extends FieldValues, C, O> = Pick<
  UseFormReturn<V, C, O>,
  'register' | 'handleSubmit' | 'setError' | 'clearErrors' | 'reset' | 'watch' | 'getValues' | 'setValue' | 'control'
> & { formState: Pick<FormState<V>, 'errors' | 'isSubmitting' | 'isSubmitted'> };

/** A form: see the module's comment for what it does as react-hook-form does. */
export function useForm<V extends FieldValues = FieldValues, C = unknown, O = V>(props: Pick<UseFormProps<V, C, O>, 'resolver' | 'defaultValues'> = {}): FormApi<V, C, O> {
  const [store] = useState(() => new Store(props.defaultValues as Tree | undefined));
  store.resolver = props.resolver as Resolver<FieldValues, unknown, unknown> | undefined;
  useStore(store);
  const api = useRef<Omit<FormApi<V, C, O>, 'formState'>>(undefined);
  api.current ??= formApi<V, C, O>(store);
  return { ...api.current, formState: { errors: store.errors as FormState<V>['errors'], isSubmitting: store.submitting, isSubmitted: store.submitted } };
}

function formApi<V extends FieldValues, C, O>(store: Store): Omit<FormApi<V, C, O>, 'formState'> {
  const register = ((name: string, options?: { validate?: Validate }) => {
    if (options?.validate) store.rules.set(name, options.validate);
    return {
      name,
      ref: store.ref(name),
      onBlur: async () => {},
      onChange: async (event: { target: Element }) => {
        setPath(store.values, name, store.read(name, event.target));
        store.touched(name);
        if (store.submitted) await store.revalidate();
        else if (store.watched.has(name)) store.changed();
      },
    };
  }) as unknown as FormApi<V, C, O>['register'];

  const handleSubmit = ((onValid: (values: unknown, event?: unknown) => unknown, onInvalid?: (errors: unknown, event?: unknown) => unknown) =>
    async (event?: { preventDefault?: () => void }) => {
      event?.preventDefault?.();
      store.fresh.clear();
      store.submitting = true;
      store.changed();
      try {
        const { values, errors } = await store.validate();
        store.errors = errors;
        if (!hasErrors(errors)) return await onValid(values, event);
        store.submitted = true;
        store.submitting = false;
        store.changed();
        store.focusFirstError();
        await onInvalid?.(errors, event);
      } finally {
        store.submitted = true;
        store.submitting = false;
        store.changed();
      }
    }) as unknown as FormApi<V, C, O>['handleSubmit'];

  const setError = ((name: string, error: FieldError, options?: { shouldFocus?: boolean }) => {
    const errors = copy(store.errors);
    setPath(errors, name, { ...error });
    store.setErrors(errors);
    if (options?.shouldFocus) {
      for (const element of store.elements.get(name) ?? []) {
        if (typeof element.focus === 'function') {
          element.focus();
          break;
        }
      }
    }
  }) as FormApi<V, C, O>['setError'];

  const clearErrors = ((names?: string | string[]) => {
    if (names === undefined) return store.setErrors({});
    const errors = copy(store.errors);
    for (const name of Array.isArray(names) ? names : [names]) unsetPath(errors, name);
    store.setErrors(errors);
  }) as FormApi<V, C, O>['clearErrors'];

  const reset = ((values?: Tree) => {
    if (values) store.defaults = copy(values);
    store.values = copy(store.defaults);
    store.errors = {};
    store.submitted = false;
    store.arrayIds.clear();
    store.fresh.clear();
    store.syncInputs();
    store.changed();
  }) as FormApi<V, C, O>['reset'];

  const watch = ((name: string) => {
    store.watched.add(name);
    return getPath(store.values, name);
  }) as FormApi<V, C, O>['watch'];

  const getValues = ((name?: string) => (name === undefined ? store.values : getPath(store.values, name))) as FormApi<V, C, O>['getValues'];

  const setValue = ((name: string, value: unknown, options?: { shouldValidate?: boolean }) => {
    setPath(store.values, name, copy(value));
    store.syncInputs(name);
    store.changed();
    if (options?.shouldValidate) void store.validate().then(({ errors }) => store.setErrors(errors));
  }) as FormApi<V, C, O>['setValue'];

  return { register, handleSubmit, setError, clearErrors, reset, watch, getValues, setValue, control: store as unknown as Control<V, C, O> };
}

/** A field whose value React holds (pickers, tag inputs, dates), as react-hook-form's useController. */
export function useController<V extends FieldValues, N extends FieldPath<V>, O = V>(props: UseControllerProps<V, N, O>): Pick<UseControllerReturn<V, N>, 'field' | 'fieldState'> {
  const store = storeOf(props.control);
  useStore(store);
  const name = props.name as string;
  store.controlled.add(name);
  const [ref] = useState(() => store.focusRef(name));
  const field = {
    name,
    value: getPath(store.values, name),
    ref,
    onBlur: () => {},
    onChange: (next: unknown) => {
      const target = (next as { target?: Element } | null)?.target;
      setPath(store.values, name, target && 'value' in target ? store.read(name, target) : next);
      store.touched(name);
      store.changed();
      void store.revalidate();
    },
    disabled: undefined,
  };
  const error = getPath(store.errors, name) as FieldError | undefined;
  return {
    field: field as unknown as UseControllerReturn<V, N>['field'],
    fieldState: { error, invalid: Boolean(error), isTouched: false, isDirty: false, isValidating: false } as UseControllerReturn<V, N>['fieldState'],
  };
}

/** react-hook-form's Controller component, on useController. */
export function Controller<V extends FieldValues, N extends FieldPath<V>, O = V>(props: ControllerProps<V, N, O>): ReactElement {
  const { field, fieldState } = useController<V, N, O>(props);
  return props.render({ field, fieldState, formState: {} as never }) as ReactElement;
}

/** A list of groups (jobs, languages): items keep their ids, so React keeps their inputs. */
export function useFieldArray<V extends FieldValues, N extends FieldArrayPath<V> = FieldArrayPath<V>>(props: {
  control: Control<V, unknown, never> | Control<V, unknown, unknown> | Control<V>;
  name: N;
}): Pick<UseFieldArrayReturn<V, N>, 'fields' | 'append' | 'remove' | 'replace'> {
  const store = storeOf(props.control);
  useStore(store);
  const name = props.name as string;
  const list = () => (getPath(store.values, name) as unknown[] | undefined) ?? [];
  const ids = store.ids(name);
  const fields = list().map((value, i) => ({ ...(value as object), id: ids[i]! })) as FieldArrayWithId<V, N>[];

  const update = (next: unknown[], nextIds: string[]) => {
    setPath(store.values, name, next);
    store.arrayIds.set(name, nextIds);
    // an item's errors belong to its index: removing or adding one makes them stale
    const errors = copy(store.errors);
    unsetPath(errors, name);
    store.errors = errors;
    store.changed();
    void store.revalidate();
  };
  const append = ((value: FieldArray<V, N> | FieldArray<V, N>[]) => {
    const added = (Array.isArray(value) ? value : [value]).map(copy);
    const addedIds = added.map(newId);
    for (const id of addedIds) store.fresh.set(id, new Set());
    update([...list(), ...added], [...ids, ...addedIds]);
  }) as UseFieldArrayReturn<V, N>['append'];
  const remove = ((index?: number | number[]) => {
    const drop = index === undefined ? null : new Set(Array.isArray(index) ? index : [index]);
    const keep = (_: unknown, i: number) => drop !== null && !drop.has(i);
    update(list().filter(keep), ids.filter(keep));
  }) as UseFieldArrayReturn<V, N>['remove'];
  const replace = ((value: FieldArray<V, N>[]) => {
    update(value.map(copy), value.map(newId));
    store.syncInputs(name);
  }) as UseFieldArrayReturn<V, N>['replace'];
  return { fields, append, remove, replace };
}
