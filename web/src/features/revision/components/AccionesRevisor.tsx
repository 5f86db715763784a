/**
 * The RyCC analyst's and the legal analyst's decisions on a request in their stage (SPEC.md
 * screens 9 and 11): Aprobar as a split button whose menu offers Retornar (and Rechazar for legal),
 * and Auto-Asignar. Deciding needs the request assigned to you, so the decisions stay disabled
 * until then and a note says why; the server refuses anyway and its message is shown.
 */
import { ESTATUS, ESTATUS_BANDEJA, MSG, type Solicitud } from "@registro/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import type { MenuItem } from "primereact/menuitem";
import { SplitButton } from "primereact/splitbutton";
import { useState } from "react";
import { CLAVE_BANDEJA } from "../../../components/bandeja/tipos";
import { claveSolicitud } from "../../../components/solicitud/api/get-solicitud";
import { DecisionDialog } from "../../../components/solicitud/DecisionDialog";
import { useUserData } from "../../../lib/user-data";
import { aprobarJuridico } from "../api/aprobar-juridico";
import { aprobarRcc } from "../api/aprobar-rcc";
import { asignarSolicitud } from "../api/assign-process";
import { rechazarJuridico } from "../api/rechazar";
import { retornarRcc } from "../api/retornar";
import { retornarJuridico } from "../api/retornar-juridico";
import { BotonLiberar } from "./Reasignacion";
import { useTrasDecision } from "./tras-decision";

export type RolRevisor = "analista" | "juridico";
type Dialogo = "asignar" | "aprobar" | "retornar" | "rechazar" | null;

/** Whether the signed-in reviewer holds the request, and whether it is in their stage. */
export function useEstadoRevisor(solicitud: Solicitud, rol: RolRevisor) {
  const usuario = useUserData().data?.usuario;
  const enEtapa = (ESTATUS_BANDEJA[rol] as readonly number[]).includes(solicitud.estatusSolitud);
  const asignadaAMi = usuario !== undefined && solicitud.idAsignadoA === usuario.idUsuario;
  return { enEtapa, asignadaAMi };
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the reviewer's action buttons, each opening a decision dialog with its own texts; one list reads best.
export function AccionesRevisor({
  solicitud,
  rol,
  volverA,
}: {
  solicitud: Solicitud;
  rol: RolRevisor;
  volverA: string;
}) {
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const queryClient = useQueryClient();
  const { enEtapa, asignadaAMi } = useEstadoRevisor(solicitud, rol);
  const id = solicitud.idSolicitud;
  const trasDecision = useTrasDecision(id, volverA);
  const cerrar = () => setDialogo(null);
  // After taking it, or after a refusal (someone else took it, it left the stage), show it as it is now.
  const recargar = () => {
    queryClient.invalidateQueries({ queryKey: claveSolicitud(id) });
    queryClient.invalidateQueries({ queryKey: [CLAVE_BANDEJA] });
  };
  // Taking or releasing the request swaps Auto-Asignar and Liberar: focus moves to the button that
  // replaced the one pressed, instead of being lost with it.
  // Which of the two takes focus when drawn; only its own focus clears the wish (the dialog gives
  // focus back to the pressed button first, while it is still on the page).
  const [enfocar, setEnfocar] = useState<"asignar" | "liberar" | null>(null);
  const recargarYEnfocar = (boton: "asignar" | "liberar") => () => {
    setEnfocar(boton);
    recargar();
  };
  if (!enEtapa) return null;

  const menu: MenuItem[] = [
    { label: "Retornar", icon: "pi pi-replay", command: () => setDialogo("retornar") },
    ...(rol === "juridico"
      ? [{ label: "Rechazar", icon: "pi pi-ban", command: () => setDialogo("rechazar") } satisfies MenuItem]
      : []),
  ];
  const origen = rol === "juridico" ? "juridico" : "rycc";

  return (
    <>
      {!asignadaAMi && (
        <Button
          autoFocus={enfocar === "asignar"}
          onFocus={() => enfocar === "asignar" && setEnfocar(null)}
          type="button"
          label="Auto-Asignar"
          icon="pi pi-user-plus"
          severity="secondary"
          onClick={() => setDialogo("asignar")}
        />
      )}
      {asignadaAMi && (
        <BotonLiberar
          solicitud={solicitud}
          autoFocus={enfocar === "liberar"}
          onFocus={() => enfocar === "liberar" && setEnfocar(null)}
          onLiberada={recargarYEnfocar("asignar")}
        />
      )}
      <SplitButton
        label="Aprobar"
        icon="pi pi-check"
        model={menu}
        onClick={() => setDialogo("aprobar")}
        disabled={!asignadaAMi}
        severity="success"
        menuButtonProps={{ "aria-label": "Más decisiones" }}
        className="rf-split-decision"
      />

      <DecisionDialog
        visible={dialogo === "asignar"}
        modo="confirmar"
        titulo="Asignar solicitud"
        mensaje={MSG.confirmarAsignar}
        etiquetaAceptar="Sí"
        etiquetaCancelar="No"
        mensajeError={MSG.errorAsignar}
        enviar={() => asignarSolicitud(id)}
        onHide={cerrar}
        onRechazo={recargar}
        onExito={recargarYEnfocar("liberar")}
      />
      <DecisionDialog
        visible={dialogo === "aprobar"}
        modo="confirmar"
        titulo="Aprobar solicitud"
        mensaje={MSG.confirmarAprobar}
        conComentario
        etiquetaAceptar="Sí"
        etiquetaCancelar="No"
        enviar={(comentario) => (rol === "juridico" ? aprobarJuridico(id, comentario) : aprobarRcc(id, comentario))}
        onHide={cerrar}
        onExito={trasDecision}
        onRechazo={recargar}
      />
      <DecisionDialog
        visible={dialogo === "retornar"}
        modo="motivos"
        titulo="Retornar solicitud"
        origenMotivos={origen}
        estatusMotivos={rol === "juridico" ? ESTATUS.RETORNADO_JURIDICO : ESTATUS.RETORNADO_ANALISTA}
        enviar={(cuerpo) => (rol === "juridico" ? retornarJuridico(id, cuerpo) : retornarRcc(id, cuerpo))}
        onHide={cerrar}
        onExito={trasDecision}
        onRechazo={recargar}
      />
      {rol === "juridico" && (
        <DecisionDialog
          visible={dialogo === "rechazar"}
          modo="motivos"
          titulo="Rechazar solicitud"
          origenMotivos="juridico"
          estatusMotivos={ESTATUS.RECHAZADO_JURIDICO}
          enviar={(cuerpo) => rechazarJuridico(id, cuerpo)}
          onHide={cerrar}
          onExito={trasDecision}
          onRechazo={recargar}
        />
      )}
    </>
  );
}

/** The note under the header telling the reviewer why the decisions are disabled. */
export function AvisoAsignacion({ solicitud, rol }: { solicitud: Solicitud; rol: RolRevisor }) {
  const { enEtapa, asignadaAMi } = useEstadoRevisor(solicitud, rol);
  if (!enEtapa || asignadaAMi) return null;
  const decisiones = rol === "juridico" ? "aprobar, retornar o rechazar" : "aprobar o retornar";
  return (
    <p className="rf-aviso" role="note">
      <i className="pi pi-info-circle" aria-hidden="true" />
      {solicitud.asignadoA
        ? `${MSG.asignadaA(solicitud.asignadoA)} Solo quien la tiene asignada puede decidir sobre ella.`
        : `Para ${decisiones} esta solicitud, primero asígnesela con Auto-Asignar.`}
    </p>
  );
}
