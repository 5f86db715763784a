/** The user menu's popup (PrimeReact's Menu), in its own chunk: the top bar loads it on first use. */
import { Menu } from "primereact/menu";
import type { MenuItem } from "primereact/menuitem";
import { type Ref, useEffect, useState } from "react";

interface Props {
  id: string;
  items: MenuItem[];
  ref: Ref<Menu>;
  /** Called once the menu can be opened (see below). */
  alMontar: () => void;
}

export function MenuUsuario({ id, items, ref, alMontar }: Props) {
  // PrimeReact's overlay puts its portal in the page in a mount effect of its own; opened before
  // that render is committed, it would skip placing itself under the button. This state is set in
  // the same effects pass, so its render is that one (or later): the next effect may open it.
  const [montado, setMontado] = useState(false);
  useEffect(() => setMontado(true), []);
  useEffect(() => {
    if (montado) alMontar();
  }, [montado, alMontar]);
  return <Menu model={items} popup ref={ref} id={id} popupAlignment="right" />;
}
