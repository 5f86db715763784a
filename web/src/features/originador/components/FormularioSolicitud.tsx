/**
 * The request form (SPEC.md screen 3): institution contact data, incumbent, the four documents, the
 * officials table and the buttons. A react-hook-form form checked with the API's schema before
 * anything is sent (use-formulario-solicitud.ts holds the form and the calls, secciones.tsx the
 * sections); the server's field errors show under their fields.
 */
import type { Adjunto, Funcionario, InfoInstitucion, Solicitud } from "@registro/contracts";
import { ESTATUS, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { useMemo, useState } from "react";
import { ErrorCampo } from "../../../components/formulario/campos";
import { FuncionarioDialog } from "../../../components/funcionario-dialog/FuncionarioDialog";
import { StatusTag } from "../../../components/solicitud/StatusTag";
import { notify } from "../../../lib/toast";
import { descargarTarjeta } from "../api/descargar-tarjeta";
import { useGuardarFuncionario } from "../api/guardar-funcionario";
import { estatusOriginador, type ModoFormulario } from "../reglas";
import { AdjuntosDialog } from "./AdjuntosDialog";
import { confirmar } from "./confirmar";
import { UltimaDevolucion } from "./Devoluciones";
import { SeccionDocumentos, SeccionIncumbente, SeccionInstitucion } from "./formulario-solicitud/secciones";
import { useFormularioSolicitud } from "./formulario-solicitud/use-formulario-solicitud";
import { TablaFuncionarios } from "./TablaFuncionarios";
import { useVolver } from "./use-volver";

export interface FormularioSolicitudProps {
  modo: ModoFormulario;
  institucion: InfoInstitucion;
  solicitud: Solicitud | null;
  funcionarios: Funcionario[];
  cargandoFuncionarios?: boolean;
  adjuntos: Adjunto[];
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the request form's sections and action bar; its logic already lives in use-formulario-solicitud.ts.
export function FormularioSolicitud(props: FormularioSolicitudProps) {
  const { modo, institucion, solicitud, funcionarios } = props;
  const volver = useVolver();
  const guardados = useMemo(() => new Map(props.adjuntos.map((a) => [a.tipoAdjunto, a.nombre])), [props.adjuntos]);
  const f = useFormularioSolicitud({ modo, institucion, solicitud, guardados });
  const { editable, soloLectura, agregaFuncionarios, guardada, saliendo } = f;
  const [dialogo, setDialogo] = useState<{ funcionario: Funcionario | null } | null>(null);
  const [verAdjuntos, setVerAdjuntos] = useState(false);
  const guardarFuncMut = useGuardarFuncionario();
  const puedeAgregar = guardada && (editable || agregaFuncionarios);
  const otros = Object.entries(f.otros);

  const tarjeta = () => descargarTarjeta().catch(() => notify.error(MSG.errorDescargarTarjeta));
  const estatusVisible = solicitud
    ? estatusOriginador(solicitud.estatusSolitud, solicitud.estatus, solicitud.colorEstatus)
    : null;

  return (
    <>
      <form
        ref={f.contenedor}
        className="rfo-formulario"
        noValidate
        onSubmit={(ev) => {
          if (editable) void f.guardar(ev);
          else ev.preventDefault();
        }}
      >
        {solicitud && estatusVisible && (
          <p className="rfo-solicitud-numero">
            Solicitud n.º <strong>{solicitud.idSolicitud}</strong> <span className="rf-sr-only">Estatus: </span>
            <StatusTag texto={estatusVisible.texto} color={estatusVisible.color} />
          </p>
        )}
        {solicitud?.estatusSolitud === ESTATUS.RETORNADO_ANALISTA && editable && (
          <UltimaDevolucion idSolicitud={solicitud.idSolicitud} />
        )}
        {modo === "editar" && !editable && !saliendo && (
          <p className="rfo-aviso" role="status">
            {MSG.transicionInvalida}
          </p>
        )}
        {agregaFuncionarios && (
          <p className="rfo-nota">
            La solicitud está activa: sus datos no se modifican aquí. Agregue los nuevos funcionarios y envíelos a
            revisión con «Enviar funcionarios».
          </p>
        )}
        {modo === "nuevoFuncionario" && !agregaFuncionarios && !saliendo && (
          <p className="rfo-aviso" role="status">
            {MSG.transicionInvalida}
          </p>
        )}

        <SeccionInstitucion form={f.form} institucion={institucion} soloLectura={soloLectura} />
        <SeccionIncumbente form={f.form} solicitud={solicitud} soloLectura={soloLectura} />
        <SeccionDocumentos key={f.generacion} form={f.form} guardados={guardados} soloLectura={soloLectura} />

        <section className="rfo-seccion" aria-labelledby="sec-funcionarios">
          <div className="rfo-seccion-cabecera">
            <h2 id="sec-funcionarios">Funcionarios</h2>
            {puedeAgregar && (
              <Button
                type="button"
                label="Nuevo funcionario"
                icon="pi pi-user-plus"
                onClick={() => setDialogo({ funcionario: null })}
              />
            )}
          </div>
          {!guardada && <p className="rfo-nota">Guarde la solicitud para poder agregar funcionarios.</p>}
          <TablaFuncionarios
            funcionarios={funcionarios}
            cargando={props.cargandoFuncionarios}
            puedeEditar={(f) => editable || (agregaFuncionarios && !f.enviado)}
            puedeEliminar={(f) => (editable || agregaFuncionarios) && f.idEstatus === 1 && !f.enviado}
            onEditar={(f) => setDialogo({ funcionario: f })}
            onEliminar={f.eliminar}
          />
        </section>

        {otros.length > 0 && (
          <ul className="rfo-errores" aria-label="Otros errores">
            {otros.map(([k, v]) => (
              <li key={k}>
                <ErrorCampo id={`otro-${k}`} mensaje={v[0]} />
              </li>
            ))}
          </ul>
        )}

        <div className="rfo-acciones rfo-barra">
          <Button
            type="button"
            label="Volver"
            icon="pi pi-arrow-left"
            severity="secondary"
            outlined
            onClick={() =>
              f.sucio && editable ? confirmar("Descartar cambios", MSG.descartarCambios, volver) : volver()
            }
          />
          <Button type="button" label="Tarjeta" icon="pi pi-download" severity="secondary" outlined onClick={tarjeta} />
          {guardada && (
            <Button
              type="button"
              label="Adjuntos"
              icon="pi pi-paperclip"
              severity="secondary"
              outlined
              onClick={() => setVerAdjuntos(true)}
            />
          )}
          {editable && <Button type="submit" label="Guardar" icon="pi pi-save" loading={f.guardando} />}
          {editable && guardada && (
            <Button
              type="button"
              label="Enviar"
              icon="pi pi-send"
              severity="success"
              loading={f.enviando}
              onClick={f.enviar}
            />
          )}
          {agregaFuncionarios && (
            <Button
              type="button"
              label="Enviar funcionarios"
              icon="pi pi-send"
              severity="success"
              loading={f.enviandoFuncionarios}
              onClick={f.enviarFuncionarios}
            />
          )}
        </div>
      </form>

      {solicitud && (
        <FuncionarioDialog
          visible={dialogo !== null}
          onHide={() => setDialogo(null)}
          idSolicitud={solicitud.idSolicitud}
          idIncumbente={solicitud.infoIncumbente.idIncumbente}
          idInstitucion={institucion.idInstitucionFirma}
          funcionario={dialogo?.funcionario ?? null}
          guardar={(datos, edicion) => guardarFuncMut.mutateAsync({ datos, edicion })}
          onGuardado={() => setDialogo(null)}
        />
      )}
      {solicitud && (
        <AdjuntosDialog visible={verAdjuntos} onHide={() => setVerAdjuntos(false)} adjuntos={props.adjuntos} />
      )}
    </>
  );
}
