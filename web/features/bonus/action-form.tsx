import type { ReactNode } from 'react';

/**
 * A form of "Preguntas extra": its fields, then one button that sends it (off while it is being sent), named after
 * it, and what else goes beside that button (the edit form's "Cancelar").
 */
export function ActionForm({
  about,
  button,
  pending,
  onSubmit,
  beside,
  children,
}: {
  /** What it acts on (a question), in its name: "Responder: ¿Quién será campeón?". */
  about?: string;
  button: string;
  pending: boolean;
  onSubmit: () => void;
  beside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <form
      className="pool-bonus__form"
      aria-label={about === undefined ? button : `${button}: ${about}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <button type="submit" className="outline-button" disabled={pending}>
        {button}
      </button>
      {beside}
    </form>
  );
}
