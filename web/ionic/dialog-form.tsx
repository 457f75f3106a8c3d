import { IonButton } from '@ionic/react';
import type { FormEvent, ReactNode } from 'react';

interface DialogFormProps {
  className: string;
  /** Called on submit: the fields are the caller's to check (the form does not validate). */
  onSubmit: () => void;
  submitText: string;
  /** The request is under way: the button waits. */
  busy: boolean;
  /** Sending is known to be refused (what the form shows says why): the button is off. */
  refused?: boolean;
  testId?: string;
  submitTestId?: string;
  /** The fields, and whatever goes before the button. */
  children: ReactNode;
}

/** The form of a dialog (web/ionic/modal-screen.tsx): its fields, then the full-width button that sends them. */
export function DialogForm({ className, onSubmit, submitText, busy, refused = false, testId, submitTestId, children }: DialogFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={className} onSubmit={submit} noValidate data-testid={testId}>
      {children}
      <IonButton type="submit" expand="block" disabled={busy || refused} data-testid={submitTestId}>
        {submitText}
      </IonButton>
    </form>
  );
}
