/** The footer: copyright line and version (SPEC.md §2, §9). */
import { APP_VERSION } from "@registro/contracts";

export function Footer() {
  return (
    <footer className="rf-footer">
      <span>© 2026 Contraloría General de la República. Todos los derechos reservados.</span>
      <span>Versión {APP_VERSION}</span>
    </footer>
  );
}
