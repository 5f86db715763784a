/**
 * One toast at a time, 1500 ms (SPEC.md §8). `notify.success/warn/error/info(message)` from anywhere.
 * Drawn with the theme's toast classes but without PrimeReact's Toast code: the toast host lives in
 * the entry bundle, which the Login route loads, and that bundle has a size budget.
 */
import { useEffect, useState } from "react";

type Severity = "success" | "info" | "warn" | "error";
interface Mensaje {
  id: number;
  severity: Severity;
  detail: string;
}

const LIFE_MS = 1500;
let show: ((severity: Severity, detail: string) => void) | null = null;
let siguienteId = 1;

const SUMMARY: Record<Severity, string> = {
  success: "Éxito",
  info: "Información",
  warn: "Advertencia",
  error: "Error",
};

const ICON: Record<Severity, string> = {
  success: "pi pi-check",
  info: "pi pi-info-circle",
  warn: "pi pi-exclamation-triangle",
  error: "pi pi-times-circle",
};

export const notify = {
  success: (m: string) => show?.("success", m),
  info: (m: string) => show?.("info", m),
  warn: (m: string) => show?.("warn", m),
  error: (m: string) => show?.("error", m),
};

export function ToastHost() {
  const [mensaje, setMensaje] = useState<Mensaje | null>(null);

  useEffect(() => {
    show = (severity, detail) => setMensaje({ id: siguienteId++, severity, detail });
    return () => {
      show = null;
    };
  }, []);

  useEffect(() => {
    if (!mensaje) return;
    const t = setTimeout(() => setMensaje((m) => (m?.id === mensaje.id ? null : m)), LIFE_MS);
    return () => clearTimeout(t);
  }, [mensaje]);

  // The container stays in the page so screen readers announce each new message.
  return (
    <div className="p-toast p-component p-toast-top-right rf-toast">
      {mensaje && (
        <div
          key={mensaje.id}
          className={`p-toast-message p-toast-message-${mensaje.severity}`}
          role={mensaje.severity === "warn" || mensaje.severity === "error" ? "alert" : "status"}
          aria-atomic="true"
        >
          <div className="p-toast-message-content">
            <i className={`${ICON[mensaje.severity]} p-toast-message-icon`} aria-hidden="true" />
            <div className="p-toast-message-text">
              <span className="p-toast-summary">{SUMMARY[mensaje.severity]}</span>
              <div className="p-toast-detail">{mensaje.detail}</div>
            </div>
            <button
              type="button"
              className="p-toast-icon-close p-link"
              aria-label="Cerrar"
              onClick={() => setMensaje(null)}
            >
              <i className="pi pi-times" aria-hidden="true" />
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
