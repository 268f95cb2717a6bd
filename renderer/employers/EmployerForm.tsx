import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { employerFieldHelp, employerSchema, EMPLOYER_FIELDS, type Employer, type EmployerInput } from '../../shared/resources/employer';
import { readEmployerSize } from '../../shared/forms/employer-size';
import { plainServiceMessage } from '../../shared/forms/plain-words';
import { fieldErrorsFromZod, NON_FIELD_ERRORS, type FieldErrors } from '../../shared/validation/errors';
import { api, failureMessage } from '../api/api';
import { hashOf, navigate } from '../app/routes';
import { useWorkspace, type Named } from '../app/workspace-store';
import { deleteDraft } from '../drafts/draft-journal';
import { FieldFrame, describedBy } from '../forms/FieldFrame';
import { visibleErrors, withoutAnswerFor } from '../forms/form-errors';
import { enterMovesOn, TextInput } from '../forms/fields';
import { invalidateServerState } from '../data/server-state';
import { SaveIndicator, useDraftAutosave } from '../drafts/autosave';
import { employerDraft, sameValues, type EmployerFormValues } from './employer-form-values';
import { NaicsPicker } from './NaicsPicker';
import { StatePicker } from './StatePicker';
import { errorText } from '../api/error-text';

type Field = keyof EmployerInput;

export interface EmployerFormStart {
  employerId: string | undefined;
  /** The name as saved (editing), for the draft's title while the name box is empty. */
  savedName: string;
  /** The values as saved (or the empty form): what "typed changes" are measured against. */
  pristine: EmployerFormValues;
  /** Editing: the employer's values as this edit first found them (kept in its draft), if known. */
  editBase: EmployerFormValues | undefined;
  initial: EmployerFormValues;
  draftId: string;
  /** Whether `initial` came from a draft. */
  resumed: boolean;
  notice: string | undefined;
}

const label = (field: Field) => employerFieldHelp[field].label;
const help = (field: Field) => employerFieldHelp[field].help;

export function EmployerForm({ heading, start }: { heading: string; start: EmployerFormStart }) {
  const { employerId, draftId, pristine } = start;
  const { divisions, filters } = useWorkspace();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(start.initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [topErrors, setTopErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const [focusInvalid, setFocusInvalid] = useState(0);

  const dirty = !sameValues(values, pristine);
  const [drafting, setDrafting] = useState(start.resumed);
  if (dirty && !drafting) setDrafting(true);

  // Saving pauses while the service decides and stops for good once saved or discarded: a late
  // autosave must not bring back the draft that was just deleted.
  const draft = drafting && !saving && !done ? employerDraft(draftId, employerId, values, { name: start.savedName, values: start.editBase }) : undefined;
  const autosave = useDraftAutosave(draft);

  // The address carries the draft from its first keystroke (or from the start, when one is resumed),
  // so a reload resumes it. Not navigate(): the Shell keys a new form by its draft id and would
  // remount it mid-typing.
  useEffect(() => {
    if (drafting) {
      window.history.replaceState(null, '', hashOf(employerId ? { name: 'employer-edit', id: employerId, draftId } : { name: 'employer-new', draftId }));
    }
  }, [drafting, employerId, draftId]);

  // What is sent: the values as typed, eligible employees read by the one number rule ("1,250").
  const { body, liveErrors } = useMemo(() => {
    const size = readEmployerSize(values.size);
    const read = { ...values, size: size.ok ? size.value : values.size };
    const parsed = employerSchema.safeParse(read);
    const errors: FieldErrors = parsed.success ? {} : fieldErrorsFromZod(parsed.error);
    if (!size.ok) errors['size'] = [size.problem];
    return { body: read, liveErrors: errors };
  }, [values]);
  const errorsOf = (field: Field) => visibleErrors(field, { server: serverErrors, live: liveErrors, touched: Boolean(touched[field]), submitted: attempted });

  useEffect(() => {
    if (focusInvalid) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  function set<F extends Field>(field: F, value: EmployerFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => withoutAnswerFor(current, field));
  }
  const touch = (field: Field) => () => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));

  async function save() {
    if (saving || done) return;
    setAttempted(true);
    if (Object.keys(liveErrors).length > 0) return setFocusInvalid((n) => n + 1);
    setSaving(true);
    setTopErrors([]);
    try {
      const result = employerId ? await api.put<Employer>(`/employers/${employerId}/`, body) : await api.post<Employer>('/employers/', body);
      if (result.ok) {
        setDone(true);
        await deleteDraft(draftId).catch(() => undefined);
        void invalidateServerState();
        navigate({ name: 'employer', id: result.body.id }, { replace: true });
        return;
      }
      const onFields: FieldErrors = {};
      const top: string[] = [];
      for (const [field, messages] of Object.entries(result.fieldErrors)) {
        if ((EMPLOYER_FIELDS as string[]).includes(field)) {
          onFields[field] = messages.map((message) => plainServiceMessage(message, { label: label(field as Field), value: values[field as Field] }));
        } else top.push(...(field === NON_FIELD_ERRORS ? messages : messages.map((message) => `${field}: ${message}`)));
      }
      if (result.detail) top.unshift(result.detail);
      if (top.length === 0 && Object.keys(onFields).length === 0) top.push(failureMessage(result));
      setServerErrors(onFields);
      setTopErrors(top);
      setFocusInvalid((n) => n + 1);
    } catch (error) {
      setTopErrors([`Could not save: ${errorText(error)}`]);
    } finally {
      setSaving(false);
    }
  }

  async function cancel() {
    if (dirty && !window.confirm('Discard the changes you typed?')) return;
    setDone(true);
    // Away first: a navigation after the draft's deletion came back would undo wherever the person went meanwhile.
    navigate(employerId ? { name: 'employer', id: employerId } : { name: 'employers' }, { replace: true });
    if (drafting) await deleteDraft(draftId).catch(() => undefined);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  }

  return (
    <section className="employer-form" aria-labelledby="employer-form-heading">
      <h1 id="employer-form-heading">{employerId ? `${heading}: ${start.savedName}` : heading}</h1>
      {start.notice && <p className="warning">{start.notice}</p>}
      {start.resumed && <p className="muted">Resumed from a draft: what you typed earlier is back.</p>}
      <form ref={formRef} noValidate aria-labelledby="employer-form-heading" onSubmit={onSubmit} onKeyDown={onKeyDown}>
        {topErrors.length > 0 && (
          <div role="alert">
            <ul className="form-errors">
              {topErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
        <TextInput
          label={label('name')}
          value={values.name}
          onChange={(v) => set('name', v)}
          onBlur={touch('name')}
          errors={errorsOf('name')}
          required
          autoFocus
        />
        <TextInput
          label={label('url')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.url}
          onChange={(v) => set('url', v)}
          onBlur={touch('url')}
          errors={errorsOf('url')}
          help={help('url')}
          required
        />
        <TextInput
          label={label('size')}
          inputMode="numeric"
          value={values.size}
          onChange={(v) => set('size', v)}
          onBlur={touch('size')}
          errors={errorsOf('size')}
          help={help('size')}
          required
        />
        <NaicsPicker
          label={label('naics_codes')}
          help={`${help('naics_codes')} Type a code or words of its title; Enter adds the highlighted one.`}
          values={values.naics_codes}
          onChange={(v) => set('naics_codes', v)}
          onBlur={touch('naics_codes')}
          errors={errorsOf('naics_codes')}
        />
        <StatePicker
          label={label('location_states')}
          help={help('location_states')}
          values={values.location_states}
          onChange={(v) => set('location_states', v)}
          onBlur={touch('location_states')}
          errors={errorsOf('location_states')}
        />
        <FilterCheckboxes filters={filters} values={values.other_filters} onChange={(v) => set('other_filters', v)} errors={errorsOf('other_filters')} />
        <DivisionSelect
          divisions={divisions}
          value={values.division}
          onChange={(v) => set('division', v)}
          onBlur={touch('division')}
          errors={errorsOf('division')}
        />
        <div className="actions form-actions">
          <button type="submit" className="primary" disabled={saving} aria-keyshortcuts="Control+Enter Meta+Enter">
            {saving ? 'Saving…' : 'Save employer'}
          </button>
          <button type="button" onClick={() => void cancel()}>
            Cancel
          </button>
          <span className="muted shortcut-hint">Ctrl+Enter saves · Enter moves to the next field</span>
          <SaveIndicator state={autosave.state} />
        </div>
      </form>
    </section>
  );
}

function FilterCheckboxes(props: {
  filters: readonly Named[];
  values: readonly string[];
  onChange(values: string[]): void;
  errors: readonly string[] | undefined;
}) {
  const id = useId();
  const toggle = (filterId: string, on: boolean) => props.onChange(on ? [...props.values, filterId] : props.values.filter((value) => value !== filterId));
  return (
    <FieldFrame id={id} group className="checkbox-group" label={label('other_filters')} help={help('other_filters')} errors={props.errors}>
      {props.filters.length === 0 && <p className="muted">This account has no filters.</p>}
      {props.filters.map((filter) => (
        <label key={filter.id} className="checkbox">
          <input
            type="checkbox"
            checked={props.values.includes(filter.id)}
            onChange={(event) => toggle(filter.id, event.target.checked)}
            onKeyDown={enterMovesOn}
            aria-invalid={props.errors?.length ? true : undefined}
          />
          {filter.name}
        </label>
      ))}
    </FieldFrame>
  );
}

function DivisionSelect(props: {
  divisions: readonly Named[];
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  errors: readonly string[] | undefined;
}) {
  const id = useId();
  const known = props.value === '' || props.divisions.some((division) => division.id === props.value);
  return (
    <FieldFrame id={id} label={label('division')} required help={help('division')} errors={props.errors}>
      <select
        id={id}
        value={props.value}
        required
        aria-invalid={props.errors?.length ? true : undefined}
        aria-describedby={describedBy(id, { help: true, errors: props.errors })}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
        onKeyDown={enterMovesOn}
      >
        <option value="">Choose a division…</option>
        {!known && <option value={props.value}>A division you do not hold</option>}
        {props.divisions.map((division) => (
          <option key={division.id} value={division.id}>
            {division.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
