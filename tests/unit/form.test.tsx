// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import * as z from 'zod/mini';
import { afterEach, describe, expect, it } from 'vitest';
import { useController, useFieldArray, useForm, type Control } from '../../src/islands/shared/form.ts';
import { zodResolver } from '../../src/islands/shared/zod-resolver.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function render(element: React.ReactElement) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(element));
  return container;
}

/** Types into an input as a person does: React's onChange sees the native input event. */
function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit(form: HTMLFormElement) {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

const Person = z.object({
  name: z.string().check(z.minLength(1, 'validation.required')),
  age: z.pipe(z.string(), z.transform((v) => Number(v))),
  jobs: z.array(z.object({ company: z.string().check(z.minLength(1, 'validation.company')) })).check(z.maxLength(2, 'validation.too_many')),
  tags: z.array(z.string()),
});
type PersonIn = z.input<typeof Person>;
type PersonOut = z.output<typeof Person>;

function Tags({ control }: { control: Control<PersonIn, unknown, PersonOut> }) {
  const { field } = useController({ control, name: 'tags' });
  return (
    <button type="button" data-testid="tag" onClick={() => field.onChange([...(field.value ?? []), 'x'])}>
      {(field.value ?? []).join(',')}
    </button>
  );
}

function Jobs({ control, register }: { control: Control<PersonIn, unknown, PersonOut>; register: ReturnType<typeof useForm<PersonIn, unknown, PersonOut>>['register'] }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'jobs' });
  return (
    <>
      {fields.map((item, index) => (
        <div key={item.id} data-testid="job">
          <input aria-label={`company ${index}`} {...register(`jobs.${index}.company`)} />
          <button type="button" onClick={() => remove(index)}>
            remove {index}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => append({ company: '' })}>
        add
      </button>
    </>
  );
}

function PersonForm({ onValid }: { onValid: (values: PersonOut) => void }) {
  const { register, handleSubmit, control, formState, setError, reset, watch } = useForm<PersonIn, unknown, PersonOut>({
    resolver: zodResolver(Person),
    defaultValues: { name: 'Anna', age: '30', jobs: [{ company: 'Acme' }, { company: 'Initech' }], tags: [] },
  });
  const name = watch('name');
  return (
    <form onSubmit={handleSubmit(onValid)}>
      <output data-testid="watched">{name}</output>
      <input aria-label="name" {...register('name')} />
      <input aria-label="age" {...register('age')} />
      <Jobs control={control} register={register} />
      <Tags control={control} />
      {Object.entries(formState.errors).map(([key, error]) => (
        <p key={key} data-testid={`error-${key}`}>
          {(error as { message?: string }).message ?? (error as Array<{ company?: { message?: string } }>).map((e) => e?.company?.message).join(',')}
        </p>
      ))}
      <button type="button" onClick={() => setError('name', { type: 'server', message: 'error.taken' }, { shouldFocus: true })}>
        server
      </button>
      <button type="button" onClick={() => reset()}>
        reset
      </button>
      <span data-testid="submitted">{String(formState.isSubmitted)}</span>
    </form>
  );
}

const byLabel = (container: HTMLElement, label: string) => container.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
const button = (container: HTMLElement, text: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('the islands’ form state (react-hook-form’s API, issue 12)', () => {
  it('puts the defaults on the inputs and submits the parsed values', async () => {
    let got: PersonOut | undefined;
    const container = render(<PersonForm onValid={(v) => (got = v)} />);
    expect(byLabel(container, 'name').value).toBe('Anna');
    expect(byLabel(container, 'company 1').value).toBe('Initech');
    type(byLabel(container, 'age'), '41');
    act(() => container.querySelector<HTMLButtonElement>('[data-testid=tag]')!.click());
    await submit(container.querySelector('form')!);
    expect(got).toEqual({ name: 'Anna', age: 41, jobs: [{ company: 'Acme' }, { company: 'Initech' }], tags: ['x'] });
    expect(container.querySelector('[data-testid=submitted]')!.textContent).toBe('true');
  });

  it('shows the errors, focuses the first invalid field in order, and checks again on each change after a submit', async () => {
    let calls = 0;
    const container = render(<PersonForm onValid={() => calls++} />);
    type(byLabel(container, 'company 1'), '');
    type(byLabel(container, 'name'), '');
    // before the first submit nothing is checked
    expect(container.querySelector('[data-testid=error-name]')).toBeNull();
    await submit(container.querySelector('form')!);
    expect(calls).toBe(0);
    expect(container.querySelector('[data-testid=error-name]')!.textContent).toBe('validation.required');
    expect(container.querySelector('[data-testid=error-jobs]')!.textContent).toBe(',validation.company');
    expect(document.activeElement).toBe(byLabel(container, 'name'));
    await act(async () => type(byLabel(container, 'name'), 'Olga'));
    await act(async () => {});
    expect(container.querySelector('[data-testid=error-name]')).toBeNull();
    expect(container.querySelector('[data-testid=watched]')!.textContent).toBe('Olga');
  });

  it('keeps each group’s value with its group when one is removed, and says a list’s own error', async () => {
    const container = render(<PersonForm onValid={() => {}} />);
    act(() => button(container, 'add').click());
    type(byLabel(container, 'company 2'), 'Hooli');
    act(() => button(container, 'remove 0').click());
    expect(container.querySelectorAll('[data-testid=job]')).toHaveLength(2);
    expect(byLabel(container, 'company 0').value).toBe('Initech');
    expect(byLabel(container, 'company 1').value).toBe('Hooli');
    act(() => button(container, 'add').click());
    await submit(container.querySelector('form')!);
    expect(container.querySelector('[data-testid=error-jobs]')!.textContent).toContain('validation.too_many');
  });

  it('shows a row added after a failed submit in red only once it is changed or submitted', async () => {
    const Shape = z.object({ name: z.string(), age: z.string(), tags: z.array(z.string()), jobs: z.array(z.object({ company: z.string().check(z.minLength(1, 'validation.company')) })) });
    function JobsForm() {
      const { register, handleSubmit, control, formState } = useForm<PersonIn>({ resolver: zodResolver(Shape), defaultValues: { name: '', age: '', tags: [], jobs: [{ company: '' }] } });
      const shown = ((formState.errors.jobs ?? []) as Array<{ company?: { message?: string } } | undefined>).map((e) => e?.company?.message ?? '-').join(',');
      return (
        <form onSubmit={handleSubmit(() => {})}>
          <Jobs control={control as never} register={register as never} />
          <output data-testid="jobs-errors">{shown}</output>
        </form>
      );
    }
    const container = render(<JobsForm />);
    const shown = () => container.querySelector('[data-testid=jobs-errors]')!.textContent;
    await submit(container.querySelector('form')!);
    expect(shown()).toBe('validation.company');
    await act(async () => button(container, 'add').click());
    await act(async () => {});
    // the empty new row is not an error yet; the old one still is
    expect(shown()).toBe('validation.company,-');
    type(byLabel(container, 'company 1'), 'x');
    type(byLabel(container, 'company 1'), '');
    await act(async () => {});
    expect(shown()).toBe('validation.company,validation.company');
    await act(async () => button(container, 'add').click());
    await act(async () => {});
    expect(shown()).toBe('validation.company,validation.company,-');
    await submit(container.querySelector('form')!);
    expect(shown()).toBe('validation.company,validation.company,validation.company');
  });

  it('keeps what a person typed into the server’s HTML before the island took over, and submits it', async () => {
    let got: PersonOut | undefined;
    const form = <PersonForm onValid={(v) => (got = v)} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(form);
    document.body.append(container);
    // typed on a slow line: the page is there, its script is not
    byLabel(container, 'name').value = 'Olga';
    act(() => {
      root = hydrateRoot(container, form);
    });
    expect(byLabel(container, 'name').value).toBe('Olga');
    expect(container.querySelector('[data-testid=watched]')!.textContent).toBe('Olga');
    // an input nobody touched gets its default as before
    expect(byLabel(container, 'age').value).toBe('30');
    await submit(container.querySelector('form')!);
    expect(got).toMatchObject({ name: 'Olga', age: 30 });
  });

  it('puts a server error on its field and focuses it; reset brings the defaults back', async () => {
    const container = render(<PersonForm onValid={() => {}} />);
    act(() => button(container, 'server').click());
    expect(container.querySelector('[data-testid=error-name]')!.textContent).toBe('error.taken');
    expect(document.activeElement).toBe(byLabel(container, 'name'));
    type(byLabel(container, 'name'), 'Zoe');
    act(() => button(container, 'reset').click());
    expect(byLabel(container, 'name').value).toBe('Anna');
    expect(container.querySelector('[data-testid=error-name]')).toBeNull();
  });
});

describe('zodResolver', () => {
  it('answers the first issue of each path, nested where the form shows it', async () => {
    const resolver = zodResolver(Person);
    const result = await resolver({ name: '', age: '1', jobs: [{ company: 'a' }, { company: '' }], tags: [] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({ name: { type: 'too_small', message: 'validation.required' }, jobs: [undefined, { company: { type: 'too_small', message: 'validation.company' } }] });
  });

  it('says a union’s issue by its closest branch', async () => {
    const schema = z.object({ contact: z.union([z.object({ email: z.string().check(z.minLength(3, 'validation.email')) }), z.object({ phone: z.string(), ext: z.string() })]) });
    const result = await zodResolver(schema)({ contact: { email: 'a' } } as never, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({ contact: { email: { type: 'too_small', message: 'validation.email' } } });
  });
});
