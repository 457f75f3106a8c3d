import './outline-button.css';

/**
 * The button under a list the server pages ("Mostrar más" in "La jornada en una tabla", "Ver más" under a bonus
 * question's answers): it asks for the next page and is off while that page comes.
 */
export function MoreButton({
  label,
  name,
  pending,
  onClick,
  testId,
}: {
  label: string;
  /** Its accessible name where the screen holds several (it starts with `label`). */
  name?: string;
  pending: boolean;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      className="outline-button outline-button--more"
      onClick={onClick}
      disabled={pending}
      aria-label={name}
      data-testid={testId}
    >
      {label}
    </button>
  );
}
