/** Options as chips (44 px tall), one chosen or several: a company type, business-scope classes. */
export function ChipGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  multiple = false,
}: {
  label: string;
  options: readonly { code: T; name: string }[];
  value: readonly T[];
  /** The chosen codes; a single choice passes a one-item array. */
  onChange(value: T[]): void;
  multiple?: boolean;
}) {
  const toggle = (code: T) => {
    if (!multiple) return onChange([code]);
    onChange(value.includes(code) ? value.filter((c) => c !== code) : [...value, code]);
  };
  return (
    <fieldset className="m-chip-group" aria-label={label}>
      {options.map((option) => {
        const on = value.includes(option.code);
        return (
          <button
            key={option.code}
            type="button"
            className={on ? 'm-chip m-chip--on' : 'm-chip'}
            aria-pressed={on}
            onClick={() => toggle(option.code)}
          >
            {option.name}
          </button>
        );
      })}
    </fieldset>
  );
}
