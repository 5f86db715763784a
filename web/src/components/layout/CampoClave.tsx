/**
 * A password input with its label and a show/hide button, shared by the Login screen and the
 * password-change dialog. Plain elements styled with the theme's classes: the Login route must stay
 * small, so it loads no PrimeReact component code.
 */
import { useState } from "react";

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "current-password" | "new-password";
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

export function CampoClave({ id, label, value, onChange, autoComplete, error, disabled, autoFocus }: Props) {
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className="rf-field">
      <label htmlFor={id}>{label}</label>
      <div className="rf-password">
        <input
          id={id}
          name={id}
          type={visible ? "text" : "password"}
          className={`p-inputtext p-component${error ? " p-invalid" : ""}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          maxLength={128}
          disabled={disabled}
          // biome-ignore lint/a11y/noAutofocus: the screen's only task starts in this field
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="button"
          className="rf-password-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Ocultar contraseña" : "Mostrar contraseña"}
          aria-pressed={visible}
          aria-controls={id}
          disabled={disabled}
        >
          <i className={visible ? "pi pi-eye-slash" : "pi pi-eye"} aria-hidden="true" />
        </button>
      </div>
      {error && (
        <small id={errorId} className="p-error">
          {error}
        </small>
      )}
    </div>
  );
}
