/** The user menu's popup (PrimeReact's Menu), in its own chunk: the top bar loads it on first use. */
import { Menu } from "primereact/menu";
import type { MenuItem } from "primereact/menuitem";
import type { Ref } from "react";

export function MenuUsuario(p: { id: string; items: MenuItem[]; ref: Ref<Menu> }) {
  return <Menu model={p.items} popup ref={p.ref} id={p.id} popupAlignment="right" />;
}
