/**
 * A PrimeIcons glyph drawn as inline SVG from the package's own file (`primeicons/raw-svg`), for
 * text a page's first paint depends on: the icon font renders nothing until it arrives
 * (font-display: block), and the browser holds a paragraph's paint for the fonts it uses, so an icon
 * in the largest paragraph made the page's largest paint wait for 35 KB more.
 */
import "./icono-svg.css";

/** The outlines (`d` of every path) of a PrimeIcons SVG file's text. */
function trazos(svg: string): string[] {
  return [...svg.matchAll(/\sd="([^"]+)"/g)].map((m) => m[1]);
}

export function IconoSvg({ svg }: { svg: string }) {
  return (
    <svg className="rf-icono-svg" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {trazos(svg).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
