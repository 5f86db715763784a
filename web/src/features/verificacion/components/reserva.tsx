/**
 * What Verificar firma draws while its form's code arrives: empty boxes of the form's and the
 * batch controls' exact size (verificacion.css), so that nothing moves when they replace them (the
 * code is asked for after the page's first paint: components/use-tras-primer-cuadro.ts).
 */
/** The question's card with its five fields and the button's cell, empty; then the answer's place. */
export function ReservaFormulario() {
  return (
    <>
      <div className="rfv-formulario" aria-hidden="true">
        <div className="rfv-reserva-campo" />
        <div className="rfv-reserva-campo" />
        <div className="rfv-reserva-campo" />
        <div className="rfv-reserva-campo" />
        <div className="rfv-reserva-campo" />
        <div className="rfv-enviar" />
      </div>
      {/* The answer's place, empty until a question is answered: one more gap of the page's column. */}
      <div />
    </>
  );
}

/** The batch's file field, format and button, with its status line, empty. */
export function ReservaLote() {
  return <div className="rfv-reserva-lote" aria-hidden="true" />;
}
