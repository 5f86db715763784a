/**
 * The body of the request form: institution contact data, incumbent, the four documents, the
 * officials table and the buttons of SPEC.md screen 3. Checks what it can before sending (the same
 * zod blocks the server uses) and shows the server's field errors under their fields.
 */
import {
  type Adjunto,
  type CampoDocumento,
  DOCUMENTOS,
  type Errores,
  type Funcionario,
  type InfoInstitucion,
  MAX_BYTES_DOCUMENTO,
  MSG,
  type Solicitud,
  zSolicitudForm,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { RadioButton } from "primereact/radiobutton";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import {
  ariaError,
  Campo,
  CampoArchivo,
  CampoCedula,
  ErrorCampo,
  erroresDeZod,
  PT_DROPDOWN,
} from "../../../components/formulario/campos";
import { EntradaTelefono } from "../../../components/formulario/EntradaMascara";
import { useFocoPrimerError } from "../../../components/formulario/use-foco-error";
import { FuncionarioDialog } from "../../../components/funcionario-dialog/FuncionarioDialog";
import { StatusTag } from "../../../components/solicitud/StatusTag";
import { notify } from "../../../lib/toast";
import { descargarTarjeta } from "../api/descargar-tarjeta";
import { useEliminarFuncionario } from "../api/eliminar-funcionario";
import { useEnviarFuncionarios } from "../api/enviar-funcionarios";
import { useEnviarSolicitud } from "../api/enviar-solicitud";
import { useGuardarFuncionario } from "../api/guardar-funcionario";
import { useGuardarSolicitud } from "../api/guardar-solicitud";
import { useCargosIncumbente } from "../api/obtener-cargos-incumbente";
import { esActiva, estatusOriginador, type ModoFormulario, puedeEditar, RUTA } from "../reglas";
import { AdjuntosDialog } from "./AdjuntosDialog";
import { confirmar } from "./confirmar";
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

interface Estado {
  direccion: string;
  telefono: string;
  ext: string;
  telefono2: string;
  ext2: string;
  cedula: string;
  nombres: string;
  apellidos: string;
  codCargo: number | null;
  telefonoIncumbente: string;
  ifirmaDigital: boolean;
  comentario: string;
}

function estadoInicial(inst: InfoInstitucion, s: Solicitud | null): Estado {
  const inc = s?.infoIncumbente;
  return {
    direccion: inst.direccion,
    telefono: inst.telefono,
    ext: inst.ext,
    telefono2: inst.telefono2,
    ext2: inst.ext2,
    cedula: inc?.cedula ?? "",
    nombres: inc?.nombres ?? "",
    apellidos: inc?.apellidos ?? "",
    codCargo: inc?.codCargo ?? null,
    telefonoIncumbente: inc?.telefono ?? "",
    ifirmaDigital: inc?.ifirmaDigital ?? false,
    comentario: s?.comentario ?? "",
  };
}

type Archivos = Partial<Record<CampoDocumento, File>>;

/** The server's own schema (DESIGN.md §6) and the required documents, checked before any upload. */
function validar(e: Estado, archivos: Archivos, guardados: Set<string>): Errores {
  const r = zSolicitudForm.safeParse({
    InfoInstitucion: { Direccion: e.direccion, Telefono: e.telefono, Ext: e.ext, Telefono2: e.telefono2, Ext2: e.ext2 },
    InfoIncumbente: {
      Cedula: e.cedula,
      Nombres: e.nombres,
      Apellidos: e.apellidos,
      CodCargo: e.codCargo ?? "",
      Telefono: e.telefonoIncumbente,
      ifirmaDigital: e.ifirmaDigital,
    },
    Comentario: e.comentario,
  });
  const err = r.success ? {} : erroresDeZod(r.error.issues);
  for (const d of DOCUMENTOS) if (!archivos[d.campo] && !guardados.has(d.tipo)) err[d.campo] = [MSG.archivoRequerido];
  return err;
}

/** The server's error keys for each field of the form. */
const CLAVES_DE: Record<keyof Estado, string[]> = {
  direccion: ["InfoInstitucion.Direccion"],
  telefono: ["InfoInstitucion.Telefono"],
  ext: ["InfoInstitucion.Ext"],
  telefono2: ["InfoInstitucion.Telefono2"],
  ext2: ["InfoInstitucion.Ext2"],
  cedula: ["InfoIncumbente.Cedula"],
  nombres: ["InfoIncumbente.Nombres", "InfoIncumbente.Nombre"],
  apellidos: ["InfoIncumbente.Apellidos"],
  codCargo: ["InfoIncumbente.CodCargo"],
  telefonoIncumbente: ["InfoIncumbente.Telefono"],
  ifirmaDigital: ["InfoIncumbente.ifirmaDigital"],
  comentario: ["Comentario"],
};

/** Keys the form shows under a field; anything else the server reports is listed above the buttons. */
const CLAVES_CAMPOS = [
  "InfoInstitucion.Direccion",
  "InfoInstitucion.Telefono",
  "InfoInstitucion.Ext",
  "InfoInstitucion.Telefono2",
  "InfoInstitucion.Ext2",
  "InfoIncumbente.Cedula",
  "InfoIncumbente.Nombres",
  "InfoIncumbente.Nombre",
  "InfoIncumbente.Apellidos",
  "InfoIncumbente.CodCargo",
  "InfoIncumbente.Telefono",
  "InfoIncumbente.ifirmaDigital",
  "Comentario",
  ...DOCUMENTOS.map((d) => d.campo),
].map((k) => k.toLowerCase());

export function FormularioSolicitud(props: FormularioSolicitudProps) {
  const { modo, institucion, solicitud, funcionarios } = props;
  const navigate = useNavigate();
  const volver = useVolver();
  const [inicial, setInicial] = useState(() => estadoInicial(institucion, solicitud));
  const [e, setE] = useState<Estado>(inicial);
  const [archivos, setArchivos] = useState<Archivos>({});
  // Remounts the file inputs after a save so they show no stale selection.
  const [generacion, setGeneracion] = useState(0);
  const [errores, setErrores] = useState<Errores>({});
  const [dialogo, setDialogo] = useState<{ funcionario: Funcionario | null } | null>(null);
  const [verAdjuntos, setVerAdjuntos] = useState(false);
  // Sent: the request is on its way out of the originator's hands and the screen is leaving; the
  // status it now has must not read as a refusal meanwhile.
  const [saliendo, setSaliendo] = useState(false);
  // A failed save takes the clerk to the first field it names (once its error is on screen).
  const { contenedor: formulario, fallo } = useFocoPrimerError();
  const cargos = useCargosIncumbente();
  const guardarMut = useGuardarSolicitud();
  const enviarMut = useEnviarSolicitud();
  const enviarFuncMut = useEnviarFuncionarios();
  const eliminarMut = useEliminarFuncionario();
  const guardarFuncMut = useGuardarFuncionario();

  const id = solicitud?.idSolicitud ?? null;
  const estatus = solicitud?.estatusSolitud ?? null;
  const editable = modo !== "nuevoFuncionario" && (estatus === null || puedeEditar(estatus));
  const agregaFuncionarios = modo === "nuevoFuncionario" && estatus !== null && esActiva(estatus);
  const soloLectura = !editable;
  const guardada = id !== null;
  const puedeAgregar = guardada && (editable || agregaFuncionarios);

  const guardados = useMemo(() => new Map(props.adjuntos.map((a) => [a.tipoAdjunto, a.nombre])), [props.adjuntos]);
  const sucio = JSON.stringify(e) !== JSON.stringify(inicial) || Object.keys(archivos).length > 0;

  // Editing a field clears its error: the message was about the old value.
  const set = <K extends keyof Estado>(k: K, v: Estado[K]) => {
    setE((s) => ({ ...s, [k]: v }));
    quitarErrores(...CLAVES_DE[k]);
  };
  const quitarErrores = (...claves: string[]) => {
    const fuera = claves.map((c) => c.toLowerCase());
    setErrores((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !fuera.includes(k.toLowerCase()))));
  };
  const err = (...claves: string[]) => {
    const buscadas = claves.map((c) => c.toLowerCase());
    for (const [k, v] of Object.entries(errores)) if (buscadas.includes(k.toLowerCase()) && v[0]) return v[0];
    return undefined;
  };
  const ponerError = (clave: string, mensaje: string | null) =>
    setErrores((s) => {
      const n = { ...s };
      if (mensaje) n[clave] = [mensaje];
      else delete n[clave];
      return n;
    });
  const otros = Object.entries(errores).filter(([k]) => !CLAVES_CAMPOS.includes(k.toLowerCase()));

  const datosFormulario = (): FormData => {
    const fd = new FormData();
    const add = (k: string, v: string | number | boolean) => fd.append(k, String(v));
    if (solicitud) {
      add("IdSolicitud", solicitud.idSolicitud);
      add("IdIncumbente", solicitud.infoIncumbente.idIncumbente);
      add("InfoIncumbente.IdIncumbente", solicitud.infoIncumbente.idIncumbente);
    }
    add("IdInstitucion", institucion.idInstitucionFirma);
    add("InfoInstitucion.IdInstitucionFirma", institucion.idInstitucionFirma);
    add("InfoInstitucion.Nombre", institucion.nombre);
    add("InfoInstitucion.Estructura", institucion.estructura);
    add("InfoInstitucion.Direccion", e.direccion.trim());
    add("InfoInstitucion.Telefono", e.telefono);
    add("InfoInstitucion.Ext", e.ext.trim());
    add("InfoInstitucion.Telefono2", e.telefono2);
    add("InfoInstitucion.Ext2", e.ext2.trim());
    add("InfoIncumbente.Cedula", e.cedula);
    add("InfoIncumbente.Nombres", e.nombres.trim());
    add("InfoIncumbente.Apellidos", e.apellidos.trim());
    add("InfoIncumbente.CodCargo", e.codCargo ?? "");
    add("InfoIncumbente.Telefono", e.telefonoIncumbente);
    add("InfoIncumbente.IdInstitucionFirma", institucion.idInstitucionFirma);
    add("InfoIncumbente.ifirmaDigital", e.ifirmaDigital);
    add("Comentario", e.comentario.trim());
    for (const d of DOCUMENTOS) {
      const f = archivos[d.campo];
      if (f) fd.append(d.campo, f, f.name);
    }
    return fd;
  };

  const guardar = () => {
    const locales = validar(e, archivos, new Set(guardados.keys()));
    if (Object.keys(locales).length > 0) {
      setErrores(locales);
      fallo();
      notify.warn(MSG.datosInvalidos);
      return;
    }
    confirmar(MSG.confirmarGuardar, async () => {
      try {
        const r = await guardarMut.mutateAsync({ datos: datosFormulario(), edicion: solicitud !== null });
        if (!r.success) {
          setErrores(r.errors ?? {});
          fallo();
          notify.warn(r.message);
          return;
        }
        setErrores({});
        notify.success(r.message || MSG.guardadoExitoso);
        if (!solicitud && r.data) {
          navigate(RUTA.editar(r.data.idSolicitud), { replace: true });
          return;
        }
        setInicial(e);
        setArchivos({});
        setGeneracion((g) => g + 1);
      } catch (ex) {
        notify.error(ex instanceof Error ? ex.message : MSG.errorDesconocido);
      }
    });
  };

  const enviar = () => {
    if (id === null) return;
    if (sucio) {
      notify.warn(MSG.guardarAntesDeEnviar);
      return;
    }
    confirmar(MSG.confirmarEnviar, async () => {
      try {
        const r = await enviarMut.mutateAsync(id);
        if (!r.success) {
          notify.warn(r.message);
          return;
        }
        setSaliendo(true);
        notify.success(r.message || MSG.enviadoExitoso);
        navigate(RUTA.bandeja);
      } catch (ex) {
        notify.error(ex instanceof Error ? ex.message : MSG.errorDesconocido);
      }
    });
  };

  const enviarFuncionarios = () => {
    if (id === null) return;
    confirmar(MSG.confirmarEnviarFuncionarios, async () => {
      try {
        const r = await enviarFuncMut.mutateAsync(id);
        if (!r.success) {
          notify.warn(r.message);
          return;
        }
        setSaliendo(true);
        notify.success(r.message || MSG.funcionariosEnviados);
        navigate(RUTA.bandeja);
      } catch {
        notify.error(MSG.errorCargarFirmas);
      }
    });
  };

  const eliminar = (f: Funcionario) =>
    confirmar(MSG.confirmarEliminarFuncionario, async () => {
      try {
        const r = await eliminarMut.mutateAsync(f.idFuncionario);
        if (r.success) notify.success(r.message || MSG.funcionarioEliminado);
        else notify.warn(r.message);
      } catch {
        notify.error(MSG.errorCargarFirmas);
      }
    });

  const tarjeta = () => descargarTarjeta().catch(() => notify.error(MSG.errorDescargarTarjeta));
  const estatusVisible = solicitud
    ? estatusOriginador(solicitud.estatusSolitud, solicitud.estatus, solicitud.colorEstatus)
    : null;

  return (
    <>
      <form
        ref={formulario}
        className="rfo-formulario"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          if (editable) guardar();
        }}
      >
        {solicitud && estatusVisible && (
          <p className="rfo-solicitud-numero">
            Solicitud No. <strong>{solicitud.idSolicitud}</strong> <span className="rf-sr-only">Estatus: </span>
            <StatusTag texto={estatusVisible.texto} color={estatusVisible.color} />
          </p>
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

        <section className="rfo-seccion" aria-labelledby="sec-institucion">
          <h2 id="sec-institucion">Datos de la institución</h2>
          <dl className="rfo-datos">
            <div>
              <dt>Institución</dt>
              <dd>{institucion.nombre}</dd>
            </div>
            <div>
              <dt>Estructura</dt>
              <dd>{institucion.estructura || "—"}</dd>
            </div>
          </dl>
          {!soloLectura && (
            <p className="rfo-nota" id="inst-nota">
              La dirección y los teléfonos se toman del registro de su institución. Si los cambia aquí, el cambio vale
              solo para esta solicitud.
            </p>
          )}
          <div className="rfo-grid rfo-grid-3">
            <Campo
              id="inst-direccion"
              etiqueta="Dirección"
              error={err("InfoInstitucion.Direccion")}
              className="rfo-doble"
            >
              <InputText
                id="inst-direccion"
                value={e.direccion}
                maxLength={300}
                readOnly={soloLectura}
                onChange={(ev) => set("direccion", ev.target.value)}
                invalid={!!err("InfoInstitucion.Direccion")}
                {...ariaError("inst-direccion", err("InfoInstitucion.Direccion"))}
              />
            </Campo>
            <Campo id="inst-telefono" etiqueta="Teléfono" error={err("InfoInstitucion.Telefono")}>
              <EntradaTelefono
                id="inst-telefono"
                value={e.telefono}
                readOnly={soloLectura}
                onChange={(v) => set("telefono", v)}
                invalid={!!err("InfoInstitucion.Telefono")}
                {...ariaError("inst-telefono", err("InfoInstitucion.Telefono"))}
              />
            </Campo>
            <Campo id="inst-ext" etiqueta="Extensión" error={err("InfoInstitucion.Ext")}>
              <InputText
                id="inst-ext"
                value={e.ext}
                maxLength={6}
                keyfilter="int"
                inputMode="numeric"
                readOnly={soloLectura}
                onChange={(ev) => set("ext", ev.target.value)}
                invalid={!!err("InfoInstitucion.Ext")}
                {...ariaError("inst-ext", err("InfoInstitucion.Ext"))}
              />
            </Campo>
            <Campo id="inst-telefono2" etiqueta="Teléfono 2" error={err("InfoInstitucion.Telefono2")}>
              <EntradaTelefono
                id="inst-telefono2"
                value={e.telefono2}
                readOnly={soloLectura}
                onChange={(v) => set("telefono2", v)}
                invalid={!!err("InfoInstitucion.Telefono2")}
                {...ariaError("inst-telefono2", err("InfoInstitucion.Telefono2"))}
              />
            </Campo>
            <Campo id="inst-ext2" etiqueta="Extensión 2" error={err("InfoInstitucion.Ext2")}>
              <InputText
                id="inst-ext2"
                value={e.ext2}
                maxLength={6}
                keyfilter="int"
                inputMode="numeric"
                readOnly={soloLectura}
                onChange={(ev) => set("ext2", ev.target.value)}
                invalid={!!err("InfoInstitucion.Ext2")}
                {...ariaError("inst-ext2", err("InfoInstitucion.Ext2"))}
              />
            </Campo>
          </div>
        </section>

        <section className="rfo-seccion" aria-labelledby="sec-incumbente">
          <h2 id="sec-incumbente">Datos del incumbente</h2>
          <div className="rfo-grid rfo-grid-3">
            <Campo id="inc-cedula" etiqueta="Cédula" requerido={!soloLectura} error={err("InfoIncumbente.Cedula")}>
              <CampoCedula
                id="inc-cedula"
                value={e.cedula}
                readOnly={soloLectura}
                onChange={(v) => set("cedula", v)}
                nombres={{ nombres: e.nombres, apellidos: e.apellidos }}
                onNombres={(n) => {
                  setE((s) => ({ ...s, ...n }));
                  if (n.nombres || n.apellidos) quitarErrores(...CLAVES_DE.nombres, ...CLAVES_DE.apellidos);
                }}
                onErrorCedula={(m) => ponerError("InfoIncumbente.Cedula", m)}
                onFallo={() => notify.error(MSG.errorCargarPersona)}
                error={err("InfoIncumbente.Cedula")}
              />
            </Campo>
            <Campo
              id="inc-nombres"
              etiqueta="Nombres"
              requerido={!soloLectura}
              error={err("InfoIncumbente.Nombres", "InfoIncumbente.Nombre")}
            >
              <InputText
                id="inc-nombres"
                aria-required={!soloLectura}
                value={e.nombres}
                maxLength={100}
                readOnly={soloLectura}
                onChange={(ev) => set("nombres", ev.target.value)}
                invalid={!!err("InfoIncumbente.Nombres", "InfoIncumbente.Nombre")}
                {...ariaError("inc-nombres", err("InfoIncumbente.Nombres", "InfoIncumbente.Nombre"))}
              />
            </Campo>
            <Campo
              id="inc-apellidos"
              etiqueta="Apellidos"
              requerido={!soloLectura}
              error={err("InfoIncumbente.Apellidos")}
            >
              <InputText
                id="inc-apellidos"
                aria-required={!soloLectura}
                value={e.apellidos}
                maxLength={100}
                readOnly={soloLectura}
                onChange={(ev) => set("apellidos", ev.target.value)}
                invalid={!!err("InfoIncumbente.Apellidos")}
                {...ariaError("inc-apellidos", err("InfoIncumbente.Apellidos"))}
              />
            </Campo>
            <Campo id="inc-cargo" etiqueta="Cargo" requerido={!soloLectura} error={err("InfoIncumbente.CodCargo")}>
              {soloLectura ? (
                // Read-only like the other fields (a disabled list is faint: below 4.5:1 contrast).
                <InputText id="inc-cargo" value={solicitud?.infoIncumbente.cargoNombreI ?? ""} readOnly />
              ) : (
                <Dropdown
                  inputId="inc-cargo"
                  value={e.codCargo}
                  options={cargos.data ?? []}
                  optionLabel="nombre"
                  optionValue="id"
                  placeholder="Seleccione un cargo"
                  filter
                  pt={PT_DROPDOWN}
                  emptyMessage={MSG.sinRegistros}
                  emptyFilterMessage={MSG.sinRegistros}
                  onChange={(ev) => set("codCargo", ev.value)}
                  invalid={!!err("InfoIncumbente.CodCargo")}
                  {...ariaError("inc-cargo", err("InfoIncumbente.CodCargo"))}
                />
              )}
            </Campo>
            <Campo
              id="inc-telefono"
              etiqueta="Teléfono"
              requerido={!soloLectura}
              error={err("InfoIncumbente.Telefono")}
            >
              <EntradaTelefono
                id="inc-telefono"
                value={e.telefonoIncumbente}
                readOnly={soloLectura}
                aria-required={!soloLectura}
                onChange={(v) => set("telefonoIncumbente", v)}
                invalid={!!err("InfoIncumbente.Telefono")}
                {...ariaError("inc-telefono", err("InfoIncumbente.Telefono"))}
              />
            </Campo>
            <fieldset className="rfo-opciones" disabled={soloLectura}>
              <legend>Clasificación</legend>
              <div className="rfo-opcion">
                <RadioButton
                  inputId="inc-digital"
                  name="ifirmaDigital"
                  checked={e.ifirmaDigital}
                  disabled={soloLectura}
                  onChange={() => set("ifirmaDigital", true)}
                />
                <label htmlFor="inc-digital">Digital</label>
              </div>
              <div className="rfo-opcion">
                <RadioButton
                  inputId="inc-olografo"
                  name="ifirmaDigital"
                  checked={!e.ifirmaDigital}
                  disabled={soloLectura}
                  onChange={() => set("ifirmaDigital", false)}
                />
                <label htmlFor="inc-olografo">Ológrafo</label>
              </div>
            </fieldset>
          </div>
          <Campo id="sol-comentario" etiqueta="Comentario" error={err("Comentario")}>
            <InputTextarea
              id="sol-comentario"
              value={e.comentario}
              rows={3}
              maxLength={2000}
              autoResize
              readOnly={soloLectura}
              onChange={(ev) => set("comentario", ev.target.value)}
              invalid={!!err("Comentario")}
              {...ariaError("sol-comentario", err("Comentario"))}
            />
          </Campo>
        </section>

        <fieldset className="rfo-seccion rfo-documentos" key={generacion}>
          <legend>Documentos</legend>
          {!soloLectura && (
            <p className="rfo-nota">
              Imágenes o PDF, de hasta 5.000.000 bytes cada uno. Los marcados con * son obligatorios.
            </p>
          )}
          <div className="rfo-grid rfo-grid-2">
            {DOCUMENTOS.map((d) => (
              <CampoArchivo
                key={d.campo}
                id={`sol-${d.campo}`}
                etiqueta={d.etiqueta}
                requerido={!soloLectura}
                maxBytes={MAX_BYTES_DOCUMENTO}
                archivo={archivos[d.campo] ?? null}
                nombreGuardado={guardados.get(d.tipo)}
                disabled={soloLectura}
                onChange={(f) =>
                  setArchivos((s) => {
                    const n = { ...s };
                    if (f) n[d.campo] = f;
                    else delete n[d.campo];
                    return n;
                  })
                }
                onError={(m) => ponerError(d.campo, m)}
                error={err(d.campo)}
              />
            ))}
          </div>
        </fieldset>

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
            onEliminar={eliminar}
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
            onClick={() => (sucio && editable ? confirmar(MSG.descartarCambios, volver) : volver())}
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
          {editable && <Button type="submit" label="Guardar" icon="pi pi-save" loading={guardarMut.isPending} />}
          {editable && guardada && (
            <Button
              type="button"
              label="Enviar"
              icon="pi pi-send"
              severity="success"
              loading={enviarMut.isPending}
              onClick={enviar}
            />
          )}
          {agregaFuncionarios && (
            <Button
              type="button"
              label="Enviar funcionarios"
              icon="pi pi-send"
              severity="success"
              loading={enviarFuncMut.isPending}
              onClick={enviarFuncionarios}
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
