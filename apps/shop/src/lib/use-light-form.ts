import { type ChangeEvent, type FormEvent, useMemo, useRef, useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from './form-errors';
import {
  changed,
  type FieldSpecs,
  type FormState,
  initialState,
  validated,
  withErrors,
  withValues,
} from './light-form';

type Name<V> = keyof V & string;
type TextName<V> = { [K in Name<V>]: V[K] extends string ? K : never }[Name<V>];

/**
 * A form's values and messages, checked by the rules of `specs` at antd Form's moments
 * (lib/light-form): the state of the forms drawn with LightField, in place of antd's Form.useForm.
 * The actions read and write through a ref, so a check right after a change sees that change,
 * and they keep their identity from render to render (as antd's form instance).
 */
export function useLightForm<V>(specs: FieldSpecs<V>, initialValues: NoInfer<V>) {
  const initial = useRef(initialValues);
  initial.current = initialValues;
  const [state, setState] = useState<FormState<V>>(() => initialState(initialValues));
  const latest = useRef(state);
  const actions = useMemo(() => {
    const update = (next: FormState<V>) => {
      latest.current = next;
      setState(next);
    };
    /** Checks the named fields (all when none are named); their values when they all pass. */
    const validate = (names?: Name<V>[]): V | undefined => {
      const result = validated(specs, latest.current, names);
      update(result.state);
      return result.ok ? result.state.values : undefined;
    };
    return {
      validate,
      /** The buyer changed a field (antd's onChange trigger). */
      change: <K extends Name<V>>(name: K, value: V[K]) =>
        update(changed(specs, latest.current, name, value)),
      /**
       * The form element's submit handler: `finish` gets the values once the fields pass (`names`:
       * those on the form now, when some of the specs' are not shown).
       */
      onSubmit: (finish: (values: V) => void, names?: Name<V>[]) => (event: FormEvent) => {
        event.preventDefault();
        const values = validate(names);
        if (values) finish(values);
      },
      /** Values set by the page (antd's setFieldsValue). */
      setValues: (values: Partial<V>) => update(withValues(latest.current, values)),
      /** One value set and its messages cleared (antd's setFieldValue). */
      setValue: <K extends Name<V>>(name: K, value: V[K]) => {
        const next = withValues(latest.current, { [name]: value } as unknown as Partial<V>);
        update({ ...next, errors: { ...next.errors, [name]: [] } });
      },
      /** Back to the initial values, without messages (antd's resetFields). */
      reset: () => update(initialState(initial.current)),
      /**
       * A refused call: a 422's messages go under the form's fields they name; returns the
       * message to show (lib/form-errors' applyApiError, for this form).
       */
      applyApiError: (error: unknown): string => {
        const fields = apiFieldErrors(error);
        if (fields) update(withErrors(specs, latest.current, fields));
        return apiErrorMessage(error);
      },
    };
  }, [specs]);
  return {
    ...actions,
    values: state.values,
    errors: (name: Name<V>): string[] => state.errors[name] ?? [],
    /** A text box's value and change handler. */
    text: (name: TextName<V>) => ({
      value: state.values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        actions.change(name, event.target.value as V[typeof name]),
    }),
  };
}
