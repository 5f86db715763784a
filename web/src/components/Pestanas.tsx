/**
 * Tabs (WAI-ARIA tabs pattern) with the theme's TabView look. PrimeReact's TabView scrolls its
 * active tab into view when it mounts, which on a phone scrolls the whole page down to the tabs and
 * hides the heading and the actions; its scrollable mode also hides tabs behind a small arrow. These
 * tabs never scroll the page by themselves and wrap onto a second row on a narrow screen.
 * Keyboard: Tab reaches the chosen tab, Left/Right/Home/End move between tabs and choose them.
 */
import "./pestanas.css";
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

export interface Pestana {
  titulo: string;
  contenido: ReactNode;
}

export function Pestanas({
  lista,
  activa,
  onCambio,
  className,
}: {
  lista: Pestana[];
  /** The chosen tab's index when the parent controls it (else the tabs keep their own). */
  activa?: number;
  onCambio?: (indice: number) => void;
  className?: string;
}) {
  const base = useId();
  const [propia, setPropia] = useState(0);
  const elegida = Math.min(activa ?? propia, Math.max(lista.length - 1, 0));
  const botones = useRef<(HTMLButtonElement | null)[]>([]);

  const elegir = (i: number) => {
    setPropia(i);
    onCambio?.(i);
  };
  const alTeclear = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const n = lista.length;
    const destino =
      e.key === "ArrowRight"
        ? (i + 1) % n
        : e.key === "ArrowLeft"
          ? (i - 1 + n) % n
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? n - 1
              : null;
    if (destino === null) return;
    e.preventDefault();
    elegir(destino);
    botones.current[destino]?.focus();
  };

  const actual = lista[elegida];
  return (
    <div className={`p-tabview p-component rf-pestanas${className ? ` ${className}` : ""}`}>
      <div className="p-tabview-nav-container">
        <div className="p-tabview-nav-content">
          {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the theme styles the tab row as ul > li (as PrimeReact renders it) */}
          <ul className="p-tabview-nav" role="tablist">
            {lista.map((p, i) => (
              <li
                key={p.titulo}
                role="presentation"
                className={i === elegida ? "p-tabview-selected p-highlight" : undefined}
              >
                <button
                  ref={(b) => {
                    botones.current[i] = b;
                  }}
                  type="button"
                  role="tab"
                  id={`${base}-pestana-${i}`}
                  aria-controls={`${base}-panel-${i}`}
                  aria-selected={i === elegida}
                  tabIndex={i === elegida ? 0 : -1}
                  className="p-tabview-nav-link"
                  onClick={() => elegir(i)}
                  onKeyDown={(e) => alTeclear(e, i)}
                >
                  <span className="p-tabview-title">{p.titulo}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      {actual && (
        <div className="p-tabview-panels">
          <div
            key={actual.titulo}
            id={`${base}-panel-${elegida}`}
            role="tabpanel"
            aria-labelledby={`${base}-pestana-${elegida}`}
            className="p-tabview-panel"
          >
            {actual.contenido}
          </div>
        </div>
      )}
    </div>
  );
}
