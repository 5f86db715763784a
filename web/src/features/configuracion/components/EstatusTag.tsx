/** Activo / Inactivo as a coloured tag (users, institutions, positions). */
import { Tag } from "primereact/tag";

export function EstatusTag({ activo }: { activo: boolean }) {
  return <Tag value={activo ? "Activo" : "Inactivo"} severity={activo ? "success" : "danger"} />;
}
