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

/**
 * `caja`: the square of the 24-unit drawing ("x y side") that fills the glyph's em box in the icon
 * font, which draws each icon at a scale of its own (the menu's bars fill the whole width, the
 * chevron two thirds), so the SVG is the size the font's glyph was. By default the whole drawing.
 */
export function IconoSvg({ svg, caja = "0 0 24 24" }: { svg: string; caja?: string }) {
  return (
    <svg className="rf-icono-svg" viewBox={caja} aria-hidden="true" focusable="false">
      {trazos(svg).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
