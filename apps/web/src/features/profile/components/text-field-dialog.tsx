import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type InputHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { inputClass } from '../../../components/ui/input-class';
import { Field, fieldAria } from '../../../components/ui/field';
import { ConfirmForm, ProfileDialog, type ProfileDialogProps } from './profile-dialog';

/** A dialog's single text field. */
export type TextField = {
  /** The input's name and the form's only value. */
  name: string;
  id: string;
  label: string;
  /** Validates the text on confirming and gives the confirmed value (its messages show under the field). */
  schema: z.ZodType<string, string>;
  /** The field must be filled in (aria-required). */
  required?: boolean;
  /** Keeps only what the field accepts: applied to the initial value and to every change. */
  filter?: (value: string) => string;
  input: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'placeholder'
  >;
};

/** A dialog that edits one text value; confirming validates it, and an invalid field gets the focus. */
export function TextFieldDialog({
  initial,
  title,
  field,
  ...dialog
}: ProfileDialogProps<string, string> & { title: string; field: TextField }) {
  return (
    <ProfileDialog {...dialog} title={title}>
      {(confirm) => <TextFieldForm initial={initial} field={field} onConfirm={confirm} />}
    </ProfileDialog>
  );
}

function TextFieldForm({
  initial,
  field: { name, id, label, schema, required, filter, input },
  onConfirm,
}: {
  initial: string;
  field: TextField;
  onConfirm: (value: string) => void;
}) {
  const resolver = useMemo(() => zodResolver(z.object({ [name]: schema })), [name, schema]);
  const { register, handleSubmit, formState } = useForm({
    resolver,
    defaultValues: { [name]: filter ? filter(initial) : initial },
  });
  const error = formState.errors[name]?.message;
  const registered = register(name);
  return (
    // The resolver has validated the form by then, so its one value is present.
    <ConfirmForm onSubmit={handleSubmit((v) => onConfirm(v[name]!))}>
      <Field id={id} label={label} error={error}>
        <input
          {...registered}
          {...fieldAria(id, error, required)}
          {...input}
          onChange={(e) => {
            if (filter) e.target.value = filter(e.target.value);
            return registered.onChange(e);
          }}
          className={inputClass}
        />
      </Field>
    </ConfirmForm>
  );
}
