interface ChoiceFieldProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onValueChange: (value: Value) => void;
  /** A first option "—" for no choice yet, its value '' (so `Value` takes in ''). */
  blank?: boolean;
}

/**
 * A labelled native select in TextField's look (web/components/plain-screen.css). Only the bonus forms have one, so it
 * lives here and loads with them: in web/components/ it would load with the tabs.
 */
export function ChoiceField<Value extends string>({
  label,
  value,
  options,
  onValueChange,
  blank,
}: ChoiceFieldProps<Value>) {
  return (
    <label className="text-field">
      {label}
      {/* The options are those given (and '' with `blank`), so the value read back is one of them. */}
      <select value={value} onChange={(event) => onValueChange(event.target.value as Value)}>
        {blank && <option value="">—</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
