/**
 * The official dialog (SPEC.md screen 4): who the official is, which signatures they may sign, for
 * how long (Temporal with dates / Permanente) and up to how much (Limitado with USD amounts /
 * Ilimitado), and their four documents. Creates or edits one official; on edit only the documents
 * chosen are sent. Server field errors arrive unprefixed and show under `newfuncionario.<Campo>`.
 */
import {
  type CampoDocumento,
  DOCUMENTOS,
  type Errores,
  type Funcionario,
  leerFechaEscrita,
  MAX_BYTES_DOCUMENTO,
  MSG,
  textoDeFechaIso,
  zFuncionarioForm,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Checkbox } from "primereact/checkbox";
import { Dropdown } from "primereact/dropdown";
import { InputNumber } from "primereact/inputnumber";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { MultiSelect } from "primereact/multiselect";
import { RadioButton } from "primereact/radiobutton";
import { useMemo, useState } from "react";
import type { RespuestaAccion } from "../../lib/api-client";
import { notify } from "../../lib/toast";
import { Dialogo } from "../Dialogo";
import {
  ariaError,
  Campo,
  CampoArchivo,
  CampoCedula,
  ErrorCampo,
  erroresDeZod,
  PT_DROPDOWN,
  PT_MULTISELECT_AGRUPADO,
} from "../formulario/campos";
import { EntradaTelefono } from "../formulario/EntradaMascara";
import { useFocoPrimerError } from "../formulario/use-foco-error";
import { fechaDeIso, SelectorFecha } from "../SelectorFecha";
import { useFuncionarioAdjuntos } from "../solicitud/api/get-funcionarios-adjuntos";
import { useCargosFuncionario, useCatalogoFirmas } from "./api";

const OVERLAYS_ABIERTOS = ".p-overlaypanel, .p-multiselect-panel, .p-dropdown-panel";

/** SPEC.md §5: the official's field errors are keyed `newfuncionario.<Campo>` on the client. */
export const PREFIJO = "newfuncionario.";

export interface FuncionarioDialogProps {
  visible: boolean;
  onHide: () => void;
  idSolicitud: number;
  idIncumbente: number;
  idInstitucion: number;
  /** The official to edit, or null to add a new one. */
  funcionario: Funcionario | null;
  guardar: (datos: FormData, edicion: boolean) => Promise<RespuestaAccion>;
  onGuardado: () => void;
}

export function FuncionarioDialog(props: FuncionarioDialogProps) {
  const titulo = props.funcionario ? "Editar funcionario" : "Nuevo funcionario";
  return (
    <Dialogo
      header={titulo}
      visible={props.visible}
      onHide={props.onHide}
      style={{ width: "min(980px, 96vw)" }}
      modal
      draggable={false}
      blockScroll
    >
      {props.visible && <FormularioFuncionario key={props.funcionario?.idFuncionario ?? "nuevo"} {...props} />}
    </Dialogo>
  );
}

interface Estado {
  cedula: string;
  nombres: string;
  apellidos: string;
  codCargo: number | null;
  telefono: string;
  ffirmaDigital: boolean;
  firmaVigencia: boolean;
  firmaRango: boolean;
  comentario: string;
  firmas: number[];
  /** The date fields' text, as typed (dd/mm/aaaa). */
  fechaDesde: string;
  fechaHasta: string;
  montoDesde: number | null;
  montoHasta: number | null;
}

const textoFecha = (iso: string | null) => (iso ? textoDeFechaIso(iso.slice(0, 10)) : "");

function estadoInicial(f: Funcionario | null): Estado {
  return {
    cedula: f?.cedula ?? "",
    nombres: f?.nombres ?? "",
    apellidos: f?.apellidos ?? "",
    codCargo: f?.codCargo ?? null,
    telefono: f?.telefono ?? "",
    ffirmaDigital: f?.ffirmaDigital ?? false,
    firmaVigencia: f?.firmaVigencia ?? false,
    firmaRango: f?.firmaRango ?? false,
    comentario: f?.comentario ?? "",
    firmas: f?.firmas.map((x) => x.idFirma) ?? [],
    fechaDesde: textoFecha(f?.fechaDesde ?? null),
    fechaHasta: textoFecha(f?.fechaHasta ?? null),
    montoDesde: f?.montoDesde ?? null,
    montoHasta: f?.montoHasta ?? null,
  };
}

/** The server's own schema (DESIGN.md §6) and the required documents, checked before any upload. */
function validar(e: Estado, archivos: Partial<Record<CampoDocumento, File>>, guardados: Set<string>): Errores {
  const desde = leerFechaEscrita(e.fechaDesde);
  const hasta = leerFechaEscrita(e.fechaHasta);
  const r = zFuncionarioForm.safeParse({
    Cedula: e.cedula,
    Nombres: e.nombres,
    Apellidos: e.apellidos,
    CodCargo: e.codCargo ?? "",
    Telefono: e.telefono,
    Comentario: e.comentario,
    ffirmaDigital: e.ffirmaDigital,
    firmaVigencia: e.firmaVigencia,
    firmaRango: e.firmaRango,
    montoDesde: e.montoDesde ?? "",
    montoHasta: e.montoHasta ?? "",
    fechaDesde: desde.fecha ?? "",
    fechaHasta: hasta.fecha ?? "",
    SelectedFirms: e.firmas,
  });
  const err = r.success ? {} : erroresDeZod(r.error.issues);
  // A date typed but not readable is its own error, not an empty field.
  if (e.firmaVigencia && desde.error !== undefined) err.fechaDesde = [desde.error];
  if (e.firmaVigencia && hasta.error !== undefined) err.fechaHasta = [hasta.error];
  for (const d of DOCUMENTOS) if (!archivos[d.campo] && !guardados.has(d.tipo)) err[d.campo] = [MSG.archivoRequerido];
  return err;
}

/** Server keys (`Cedula`, `SelectedFirms[0]`…) to the dialog's `newfuncionario.` keys. */
function conPrefijo(errores: Errores): Errores {
  const out: Errores = {};
  for (const [k, v] of Object.entries(errores)) {
    const base = k.replace(/\[\d+\]$/, "");
    const clave = base.startsWith(PREFIJO) ? base : `${PREFIJO}${base}`;
    out[clave] = [...(out[clave] ?? []), ...v];
  }
  return out;
}

/** The server's error keys each field answers for. */
const CAMPOS_DE: Record<keyof Estado, string[]> = {
  cedula: ["Cedula"],
  nombres: ["Nombres"],
  apellidos: ["Apellidos"],
  codCargo: ["CodCargo"],
  telefono: ["Telefono"],
  ffirmaDigital: ["ffirmaDigital"],
  firmaVigencia: ["firmaVigencia", "fechaDesde", "fechaHasta"],
  firmaRango: ["firmaRango", "montoDesde", "montoHasta"],
  comentario: ["Comentario"],
  firmas: ["SelectedFirms"],
  fechaDesde: ["fechaDesde"],
  fechaHasta: ["fechaHasta", "fechaDesde"],
  montoDesde: ["montoDesde"],
  montoHasta: ["montoHasta", "montoDesde"],
};

/** Field keys the dialog shows; anything else the server reports is listed above the buttons. */
const CLAVES_MOSTRADAS = new Set(
  [
    "Cedula",
    "Nombres",
    "Apellidos",
    "CodCargo",
    "Telefono",
    "Comentario",
    "ffirmaDigital",
    "firmaVigencia",
    "firmaRango",
    "SelectedFirms",
    "fechaDesde",
    "fechaHasta",
    "montoDesde",
    "montoHasta",
    ...DOCUMENTOS.map((d) => d.campo),
  ].map((k) => `${PREFIJO}${k}`.toLowerCase()),
);

function FormularioFuncionario(props: FuncionarioDialogProps) {
  const { funcionario } = props;
  const [e, setE] = useState<Estado>(() => estadoInicial(funcionario));
  const [archivos, setArchivos] = useState<Partial<Record<CampoDocumento, File>>>({});
  const [errores, setErrores] = useState<Errores>({});
  const [enviando, setEnviando] = useState(false);
  const { contenedor, fallo } = useFocoPrimerError();
  const cargos = useCargosFuncionario();
  const firmas = useCatalogoFirmas();
  const adjuntos = useFuncionarioAdjuntos(props.idSolicitud, funcionario?.idFuncionario ?? null);

  const guardados = useMemo(() => {
    const m = new Map<string, string>();
    for (const a of adjuntos.data ?? []) m.set(a.tipoAdjunto, a.nombre);
    return m;
  }, [adjuntos.data]);

  const grupos = useMemo(
    () =>
      (firmas.data ?? []).map((t) => ({
        label: t.nombre,
        items: t.firmas.map((f) => ({ label: f.firma1, value: f.idFirma })),
      })),
    [firmas.data],
  );

  // Editing a field clears its error: the message was about the old value.
  const set = <K extends keyof Estado>(k: K, v: Estado[K]) => {
    setE((s) => ({ ...s, [k]: v }));
    quitarErrores(...CAMPOS_DE[k]);
  };
  const quitarErrores = (...campos: string[]) => {
    const fuera = campos.map((c) => `${PREFIJO}${c}`.toLowerCase());
    setErrores((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !fuera.includes(k.toLowerCase()))));
  };
  const err = (campo: string) => {
    const buscado = `${PREFIJO}${campo}`.toLowerCase();
    for (const [k, v] of Object.entries(errores)) if (k.toLowerCase() === buscado && v[0]) return v[0];
    return undefined;
  };
  const ponerError = (campo: string, mensaje: string | null) =>
    setErrores((s) => {
      const n = { ...s };
      if (mensaje) n[`${PREFIJO}${campo}`] = [mensaje];
      else delete n[`${PREFIJO}${campo}`];
      return n;
    });
  const otros = Object.entries(errores).filter(([k]) => !CLAVES_MOSTRADAS.has(k.toLowerCase()));
  const idc = (campo: string) => `${PREFIJO}${campo}`;

  const guardar = async () => {
    const locales = validar(e, archivos, new Set(guardados.keys()));
    if (Object.keys(locales).length > 0) {
      setErrores(conPrefijo(locales));
      notify.warn(MSG.datosInvalidos);
      fallo();
      return;
    }
    const fd = new FormData();
    const add = (k: string, v: string | number | boolean) => fd.append(k, String(v));
    if (funcionario) {
      add("IdFuncionario", funcionario.idFuncionario);
      add("IdRow", funcionario.idRow);
      add("IdEstatus", funcionario.idEstatus);
    }
    add("IdSolicitud", props.idSolicitud);
    add("IdIncumbente", props.idIncumbente);
    add("IdInstitucionFirma", props.idInstitucion);
    add("Cedula", e.cedula);
    add("Nombres", e.nombres.trim());
    add("Apellidos", e.apellidos.trim());
    add("CodCargo", e.codCargo ?? "");
    add("Telefono", e.telefono);
    add("Comentario", e.comentario.trim());
    add("ffirmaDigital", e.ffirmaDigital);
    add("firmaVigencia", e.firmaVigencia);
    add("firmaRango", e.firmaRango);
    const desde = leerFechaEscrita(e.fechaDesde).fecha;
    const hasta = leerFechaEscrita(e.fechaHasta).fecha;
    if (e.firmaVigencia && desde && hasta) {
      add("fechaDesde", desde);
      add("fechaHasta", hasta);
    }
    if (e.firmaRango && e.montoDesde !== null && e.montoHasta !== null) {
      add("montoDesde", e.montoDesde);
      add("montoHasta", e.montoHasta);
    }
    e.firmas.forEach((id, i) => {
      add(`SelectedFirms[${i}]`, id);
    });
    for (const d of DOCUMENTOS) {
      const f = archivos[d.campo];
      if (f) fd.append(d.campo, f, f.name);
    }
    setEnviando(true);
    try {
      const r = await props.guardar(fd, funcionario !== null);
      if (r.success) {
        setErrores({});
        notify.success(r.message || MSG.funcionarioGuardado);
        props.onGuardado();
      } else {
        setErrores(conPrefijo(r.errors ?? {}));
        notify.warn(r.message);
        fallo();
      }
    } catch {
      notify.error(MSG.errorCargarFirmas);
    } finally {
      setEnviando(false);
    }
  };

  return (
    <form
      ref={contenedor}
      className="rfo-funcionario"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        // The dialog is portalled out of the page's DOM but React still bubbles to a parent form.
        ev.stopPropagation();
        void guardar();
      }}
      onKeyDown={(ev) => {
        // Escape closes an open date picker or list; it must not also close the dialog and lose the form.
        if (ev.key === "Escape" && document.querySelector(OVERLAYS_ABIERTOS)) ev.stopPropagation();
      }}
    >
      <div className="rfo-grid rfo-grid-3">
        <Campo id={idc("Cedula")} etiqueta="Cédula" requerido error={err("Cedula")}>
          <CampoCedula
            id={idc("Cedula")}
            value={e.cedula}
            onChange={(v) => set("cedula", v)}
            nombres={{ nombres: e.nombres, apellidos: e.apellidos }}
            onNombres={(n) => {
              setE((s) => ({ ...s, ...n }));
              if (n.nombres || n.apellidos) quitarErrores("Nombres", "Apellidos");
            }}
            onErrorCedula={(m) => ponerError("Cedula", m)}
            onFallo={() => notify.error(MSG.errorCargarPersona)}
            error={err("Cedula")}
          />
        </Campo>
        <Campo id={idc("Nombres")} etiqueta="Nombres" requerido error={err("Nombres")}>
          <InputText
            id={idc("Nombres")}
            aria-required
            value={e.nombres}
            maxLength={100}
            onChange={(ev) => set("nombres", ev.target.value)}
            invalid={!!err("Nombres")}
            {...ariaError(idc("Nombres"), err("Nombres"))}
          />
        </Campo>
        <Campo id={idc("Apellidos")} etiqueta="Apellidos" requerido error={err("Apellidos")}>
          <InputText
            id={idc("Apellidos")}
            aria-required
            value={e.apellidos}
            maxLength={100}
            onChange={(ev) => set("apellidos", ev.target.value)}
            invalid={!!err("Apellidos")}
            {...ariaError(idc("Apellidos"), err("Apellidos"))}
          />
        </Campo>
        <Campo id={idc("CodCargo")} etiqueta="Cargo" requerido error={err("CodCargo")}>
          <Dropdown
            inputId={idc("CodCargo")}
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
            invalid={!!err("CodCargo")}
            {...ariaError(idc("CodCargo"), err("CodCargo"))}
          />
        </Campo>
        <Campo id={idc("Telefono")} etiqueta="Teléfono" requerido error={err("Telefono")}>
          <EntradaTelefono
            id={idc("Telefono")}
            value={e.telefono}
            onChange={(v) => set("telefono", v)}
            aria-required
            invalid={!!err("Telefono")}
            {...ariaError(idc("Telefono"), err("Telefono"))}
          />
        </Campo>
        <div className="rfo-campo rfo-check">
          <Checkbox
            inputId={idc("ffirmaDigital")}
            checked={e.ffirmaDigital}
            onChange={(ev) => set("ffirmaDigital", !!ev.checked)}
          />
          <label htmlFor={idc("ffirmaDigital")}>Firma digital</label>
        </div>
      </div>

      <div className="rfo-grid rfo-grid-2">
        <fieldset className="rfo-opciones">
          <legend>Vigencia</legend>
          <div className="rfo-opcion">
            <RadioButton
              inputId={idc("vigencia-temporal")}
              name="firmaVigencia"
              checked={e.firmaVigencia}
              onChange={() => set("firmaVigencia", true)}
            />
            <label htmlFor={idc("vigencia-temporal")}>Temporal</label>
          </div>
          <div className="rfo-opcion">
            <RadioButton
              inputId={idc("vigencia-permanente")}
              name="firmaVigencia"
              checked={!e.firmaVigencia}
              onChange={() => set("firmaVigencia", false)}
            />
            <label htmlFor={idc("vigencia-permanente")}>Permanente</label>
          </div>
        </fieldset>
        <fieldset className="rfo-opciones">
          <legend>Rango</legend>
          <div className="rfo-opcion">
            <RadioButton
              inputId={idc("rango-limitado")}
              name="firmaRango"
              checked={e.firmaRango}
              onChange={() => set("firmaRango", true)}
            />
            <label htmlFor={idc("rango-limitado")}>Limitado</label>
          </div>
          <div className="rfo-opcion">
            <RadioButton
              inputId={idc("rango-ilimitado")}
              name="firmaRango"
              checked={!e.firmaRango}
              onChange={() => set("firmaRango", false)}
            />
            <label htmlFor={idc("rango-ilimitado")}>Ilimitado</label>
          </div>
        </fieldset>
      </div>

      {(e.firmaVigencia || e.firmaRango) && (
        <div className="rfo-grid rfo-grid-2">
          {e.firmaVigencia ? (
            <fieldset className="rfo-panel">
              <legend>Firma temporal</legend>
              <div className="rfo-grid rfo-grid-2">
                <Campo id={idc("fechaDesde")} etiqueta="Desde" requerido error={err("fechaDesde")}>
                  <SelectorFecha
                    inputId={idc("fechaDesde")}
                    value={e.fechaDesde}
                    onChange={(f) => set("fechaDesde", f)}
                    error={err("fechaDesde")}
                  />
                </Campo>
                <Campo id={idc("fechaHasta")} etiqueta="Hasta" requerido error={err("fechaHasta")}>
                  <SelectorFecha
                    inputId={idc("fechaHasta")}
                    value={e.fechaHasta}
                    onChange={(f) => set("fechaHasta", f)}
                    minDate={fechaDeIso(leerFechaEscrita(e.fechaDesde).fecha)}
                    error={err("fechaHasta")}
                  />
                </Campo>
              </div>
            </fieldset>
          ) : (
            <div />
          )}
          {e.firmaRango && (
            <fieldset className="rfo-panel">
              <legend>Firma limitada (USD)</legend>
              <div className="rfo-grid rfo-grid-2">
                <Campo id={idc("montoDesde")} etiqueta="Desde" requerido error={err("montoDesde")}>
                  <InputNumber
                    inputId={idc("montoDesde")}
                    value={e.montoDesde}
                    onValueChange={(ev) => set("montoDesde", ev.value ?? null)}
                    mode="currency"
                    currency="USD"
                    locale="en-US"
                    min={0}
                    invalid={!!err("montoDesde")}
                    aria-describedby={err("montoDesde") ? `${idc("montoDesde")}-error` : undefined}
                  />
                </Campo>
                <Campo id={idc("montoHasta")} etiqueta="Hasta" requerido error={err("montoHasta")}>
                  <InputNumber
                    inputId={idc("montoHasta")}
                    value={e.montoHasta}
                    onValueChange={(ev) => set("montoHasta", ev.value ?? null)}
                    mode="currency"
                    currency="USD"
                    locale="en-US"
                    min={0}
                    invalid={!!err("montoHasta")}
                    aria-describedby={err("montoHasta") ? `${idc("montoHasta")}-error` : undefined}
                  />
                </Campo>
              </div>
            </fieldset>
          )}
        </div>
      )}

      <Campo id={idc("SelectedFirms")} etiqueta="Firmas autorizadas" requerido error={err("SelectedFirms")}>
        <MultiSelect
          inputId={idc("SelectedFirms")}
          value={e.firmas}
          options={grupos}
          optionLabel="label"
          optionValue="value"
          optionGroupLabel="label"
          optionGroupChildren="items"
          maxSelectedLabels={3}
          selectedItemsLabel="{0} firmas seleccionadas"
          placeholder="Seleccione las firmas"
          emptyMessage={MSG.sinRegistros}
          onChange={(ev) => set("firmas", ev.value as number[])}
          invalid={!!err("SelectedFirms")}
          display="comma"
          className="rfo-ancho"
          // "All the signatures" is no choice to offer, and its checkbox nested a control in the header.
          showSelectAll={false}
          pt={PT_MULTISELECT_AGRUPADO}
        />
      </Campo>

      <Campo id={idc("Comentario")} etiqueta="Comentario" error={err("Comentario")}>
        <InputTextarea
          id={idc("Comentario")}
          value={e.comentario}
          rows={2}
          maxLength={2000}
          autoResize
          onChange={(ev) => set("comentario", ev.target.value)}
          {...ariaError(idc("Comentario"), err("Comentario"))}
        />
      </Campo>

      <fieldset className="rfo-panel">
        <legend>Documentos del funcionario</legend>
        <div className="rfo-grid rfo-grid-2">
          {DOCUMENTOS.map((d) => (
            <CampoArchivo
              key={d.campo}
              id={idc(d.campo)}
              etiqueta={d.etiqueta}
              requerido
              maxBytes={MAX_BYTES_DOCUMENTO}
              archivo={archivos[d.campo] ?? null}
              nombreGuardado={guardados.get(d.tipo)}
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

      {otros.length > 0 && (
        <ul className="rfo-errores" aria-label="Otros errores">
          {otros.map(([k, v]) => (
            <li key={k}>
              <ErrorCampo id={`otro-${k}`} mensaje={v[0]} />
            </li>
          ))}
        </ul>
      )}

      <div className="rfo-acciones rfo-acciones-fijas">
        <Button
          type="button"
          label="Cancelar"
          icon="pi pi-times"
          severity="secondary"
          outlined
          onClick={props.onHide}
        />
        <Button type="submit" label="Guardar" icon="pi pi-save" loading={enviando} />
      </div>
    </form>
  );
}
