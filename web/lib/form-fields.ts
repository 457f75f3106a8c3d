import type { Dispatch, SetStateAction } from 'react';

/**
 * The fields of a form held as one object. `set(key, value)` changes that key alone, on the form as it is when React
 * applies the change: Ionic's change events render later than a click, so a second field changed before that render
 * would otherwise undo the first. `field(key)` is what a field (InputField, SelectField) takes to show and change it.
 */
export function formFields<Form extends object>(form: Form, setForm: Dispatch<SetStateAction<Form>>) {
  const set = <Key extends keyof Form>(key: Key, value: Form[Key]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const field = <Key extends keyof Form>(key: Key) => ({
    value: form[key],
    onValueChange: (value: Form[Key]) => set(key, value),
  });
  return { set, field };
}
