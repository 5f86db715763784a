/**
 * What the request form does, apart from how it looks: the react-hook-form form, what the screen
 * allows for the request's status and mode, and the calls (Guardar, Enviar, Enviar funcionarios,
 * deleting an official) with their confirmations, messages and field errors.
 */
import { type Errores, type Funcionario, type InfoInstitucion, MSG, type Solicitud } from "@registro/contracts";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useFormulario } from "../../../../components/formulario/use-formulario";
import { notify } from "../../../../lib/toast";
import { useEliminarFuncionario } from "../../api/eliminar-funcionario";
import { useEnviarFuncionarios } from "../../api/enviar-funcionarios";
import { useEnviarSolicitud } from "../../api/enviar-solicitud";
import { useGuardarSolicitud } from "../../api/guardar-solicitud";
import { esActiva, type ModoFormulario, puedeEditar, RUTA } from "../../reglas";
import { confirmar } from "../confirmar";
import {
  ALIAS_SOLICITUD,
  CAMPOS_SOLICITUD,
  cuerpoSolicitud,
  esquemaSolicitud,
  type ValoresSolicitud,
  valoresIniciales,
} from "./valores";

interface Entrada {
  modo: ModoFormulario;
  institucion: InfoInstitucion;
  solicitud: Solicitud | null;
  /** Stored documents: their type and file name. */
  guardados: ReadonlyMap<string, string>;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the request form's actions (save, send, send officials, delete an official) share the form, the mutations and the screen's leaving state.
export function useFormularioSolicitud({ modo, institucion, solicitud, guardados }: Entrada) {
  const navigate = useNavigate();
  const esquema = useMemo(() => esquemaSolicitud(new Set(guardados.keys())), [guardados]);
  const form = useFormulario<ValoresSolicitud>({
    defaultValues: valoresIniciales(institucion, solicitud),
    esquema,
    campos: CAMPOS_SOLICITUD,
    alias: ALIAS_SOLICITUD,
  });
  // A refused save takes the clerk to the first field it names (once its error is on screen).
  const { handleSubmit, reset, getValues, formState, contenedor, fallo, erroresServidor } = form;
  // What the server reported that names no field of the form, listed above the buttons.
  const [otros, setOtros] = useState<Errores>({});
  // Remounts the file inputs after a save so they show no stale selection.
  const [generacion, setGeneracion] = useState(0);
  // Sent: the request is on its way out of the originator's hands and the screen is leaving; the
  // status it now has must not read as a refusal meanwhile.
  const [saliendo, setSaliendo] = useState(false);
  const guardarMut = useGuardarSolicitud();
  const enviarMut = useEnviarSolicitud();
  const enviarFuncMut = useEnviarFuncionarios();
  const eliminarMut = useEliminarFuncionario();

  const id = solicitud?.idSolicitud ?? null;
  const estatus = solicitud?.estatusSolitud ?? null;
  const editable = modo !== "nuevoFuncionario" && (estatus === null || puedeEditar(estatus));
  const agregaFuncionarios = modo === "nuevoFuncionario" && estatus !== null && esActiva(estatus);
  const guardada = id !== null;
  const sucio = formState.isDirty;

  const guardar = handleSubmit(
    () =>
      confirmar("Guardar solicitud", MSG.confirmarGuardar, async () => {
        const valores = getValues();
        try {
          const r = await guardarMut.mutateAsync({
            datos: cuerpoSolicitud(valores, institucion, solicitud),
            edicion: solicitud !== null,
          });
          if (!r.success) {
            setOtros(erroresServidor(r.errors));
            fallo();
            notify.warn(r.message);
            return;
          }
          setOtros({});
          notify.success(r.message || MSG.guardadoExitoso);
          if (!solicitud && r.data) {
            navigate(RUTA.editar(r.data.idSolicitud), { replace: true });
            return;
          }
          // What was saved is the new starting point; the chosen files are now stored.
          reset({ ...valores, OficioFile: null, CedulaFile: null, DesignacionFile: null, TarjetaFile: null });
          setGeneracion((g) => g + 1);
        } catch (ex) {
          notify.error(ex instanceof Error ? ex.message : MSG.errorDesconocido);
        }
      }),
    () => {
      fallo();
      notify.warn(MSG.datosInvalidos);
    },
  );

  /** Sends the request, or its new officials, to review; then back to the inbox. */
  const remitir = (
    titulo: string,
    mensaje: string,
    llamada: (id: number) => Promise<{ success: boolean; message: string }>,
    exito: string,
    error?: string,
  ) => {
    if (id === null) return;
    confirmar(titulo, mensaje, async () => {
      try {
        const r = await llamada(id);
        if (!r.success) {
          notify.warn(r.message);
          return;
        }
        setSaliendo(true);
        notify.success(r.message || exito);
        navigate(RUTA.bandeja);
      } catch (ex) {
        notify.error(error ?? (ex instanceof Error ? ex.message : MSG.errorDesconocido));
      }
    });
  };

  const enviar = () => {
    if (sucio) {
      notify.warn(MSG.guardarAntesDeEnviar);
      return;
    }
    remitir("Enviar solicitud", MSG.confirmarEnviar, enviarMut.mutateAsync, MSG.enviadoExitoso);
  };
  const enviarFuncionarios = () =>
    remitir(
      "Enviar funcionarios",
      MSG.confirmarEnviarFuncionarios,
      enviarFuncMut.mutateAsync,
      MSG.funcionariosEnviados,
      MSG.errorCargarFirmas,
    );

  const eliminar = (f: Funcionario) =>
    confirmar("Eliminar funcionario", MSG.confirmarEliminarFuncionario, async () => {
      try {
        const r = await eliminarMut.mutateAsync(f.idFuncionario);
        if (r.success) notify.success(r.message || MSG.funcionarioEliminado);
        else notify.warn(r.message);
      } catch {
        notify.error(MSG.errorCargarFirmas);
      }
    });

  return {
    form,
    contenedor,
    otros,
    generacion,
    saliendo,
    editable,
    soloLectura: !editable,
    agregaFuncionarios,
    guardada,
    sucio,
    guardar,
    enviar,
    enviarFuncionarios,
    eliminar,
    guardando: guardarMut.isPending,
    enviando: enviarMut.isPending,
    enviandoFuncionarios: enviarFuncMut.isPending,
  };
}
