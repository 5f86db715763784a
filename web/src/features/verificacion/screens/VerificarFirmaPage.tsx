/**
 * Verificar firma: a cédula and, optionally, the institution, the signature, an amount
 * and a date (today by default) — the registry answers "Autorizado" or "No autorizado" with the
 * reason, and lists every entry it holds for that person. The answer is the API's
 * (GET api/Verificacion/Firma); this screen only shows it.
 */
import "../verificacion.css";
import {
  CEDULA_REGEX,
  type Errores,
  leerFechaEscrita,
  MSG,
  type RegistroVerificacion,
  type RespuestaVerificacion,
  textoClaseFirma,
  textoEstatusUsuario,
  V,
  VISTAS,
} from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { DataTable } from "primereact/datatable";
import { Dropdown } from "primereact/dropdown";
import { InputNumber } from "primereact/inputnumber";
import { Tag } from "primereact/tag";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { ariaError, Campo, PT_DROPDOWN } from "../../../components/formulario/campos";
import { EntradaCedula } from "../../../components/formulario/EntradaMascara";
import { useCatalogoFirmas } from "../../../components/funcionario-dialog/api";
import { ptEtiqueta } from "../../../components/pt-listas";
import { SelectorFecha, textoDeFecha } from "../../../components/SelectorFecha";
import { formatearFecha, formatearMonto } from "../../../components/solicitud/formato";
import "../../../components/bandeja/bandeja.css";
import { StatusTag } from "../../../components/solicitud/StatusTag";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useUserData } from "../../../lib/user-data";
import { verificarFirma } from "../api/get-verificacion-firma";
import { VerificarLote } from "../components/VerificarLote";

/** Detail screens that may open a request, in order of preference. */
const DETALLES = [
  V.DETALLES_CONSULTA,
  V.DETALLES_ADMINISTRADOR,
  V.DETALLES_SEGUIMIENTO,
  V.DETALLES_ANALISTA,
  V.HISTORICO_DETALLES,
  V.DETALLES_JURIDICO,
  V.DETALLES_ORIGINADOR,
] as const;

export default function VerificarFirmaPage() {
  const [cedula, setCedula] = useState("");
  const [institucion, setInstitucion] = useState<number | null>(null);
  const [idFirma, setIdFirma] = useState<number | null>(null);
  const [monto, setMonto] = useState<number | null>(null);
  // Today, written out: the person sees which day is asked, and may type another.
  const [fecha, setFecha] = useState(() => textoDeFecha(new Date()));
  const cedulaRef = useRef<HTMLInputElement>(null);
  const fechaRef = useRef<HTMLInputElement>(null);
  const [errores, setErrores] = useState<Errores>({});
  const [respuesta, setRespuesta] = useState<RespuestaVerificacion | null>(null);
  const instituciones = useInstituciones();
  const firmas = useCatalogoFirmas();
  const usuario = useUserData();

  const rutaDetalle = useMemo(() => {
    const vistas = new Set(usuario.data?.vistas.map((v) => v.nombre) ?? []);
    const nombre = DETALLES.find((n) => vistas.has(n));
    const url = VISTAS.find((v) => v.nombre === nombre)?.url;
    return url ? (id: number) => url.replace(":idSolicitud", String(id)) : null;
  }, [usuario.data]);

  const grupos = useMemo(
    () =>
      (firmas.data ?? []).map((t) => ({
        label: t.nombre,
        items: t.firmas.map((f) => ({ label: f.firma1, value: f.idFirma })),
      })),
    [firmas.data],
  );

  const consulta = useMutation({
    mutationFn: verificarFirma,
    onSuccess: (r) => {
      if ("registros" in r) {
        setErrores({});
        setRespuesta(r);
      } else {
        setErrores(r.errors ?? {});
        setRespuesta(null);
      }
    },
    onError: (e) => {
      if (!(e instanceof ApiError && e.status === 401)) notify.error(e.message || MSG.errorDesconocido);
    },
  });

  // A question the screen cannot read is not asked: no answer for another day than the one typed.
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const leida = leerFechaEscrita(fecha);
    const locales: Errores = {};
    if (!CEDULA_REGEX.test(cedula)) locales.cedula = [cedula ? MSG.cedulaFormato : MSG.requerido];
    if (leida.error !== undefined) locales.fecha = [leida.error];
    if (Object.keys(locales).length > 0) {
      setErrores(locales);
      setRespuesta(null);
      (locales.cedula ? cedulaRef : fechaRef).current?.focus();
      return;
    }
    consulta.mutate({ cedula, institucion, idFirma, monto, fecha: leida.fecha ?? null });
  }

  const err = (campo: string) => errores[campo]?.[0];

  return (
    <section className="rfv-pagina" aria-labelledby="rfv-titulo">
      <h1 id="rfv-titulo">Verificar firma</h1>
      <p className="rfv-ayuda">
        Indique la cédula del firmante y, si lo desea, la institución, la firma, el monto y la fecha del documento. El
        registro responde según lo que estaba vigente en esa fecha.
      </p>
      <form className="rfv-formulario" onSubmit={onSubmit} noValidate aria-label="Datos a verificar">
        <Campo id="rfv-cedula" etiqueta="Cédula" requerido error={err("cedula")}>
          <EntradaCedula
            id="rfv-cedula"
            ref={cedulaRef}
            value={cedula}
            onChange={setCedula}
            aria-required
            invalid={!!err("cedula")}
            {...ariaError("rfv-cedula", err("cedula"))}
          />
        </Campo>
        <Campo id="rfv-institucion" etiqueta="Institución" error={err("institucion")}>
          <Dropdown
            inputId="rfv-institucion"
            value={institucion}
            options={instituciones.data ?? []}
            optionLabel="nombre"
            optionValue="idInstitucionFirma"
            onChange={(e) => setInstitucion(e.value ?? null)}
            placeholder="Todas"
            filter
            showClear
            pt={PT_DROPDOWN}
            {...ariaError("rfv-institucion", err("institucion"))}
          />
        </Campo>
        <Campo id="rfv-firma" etiqueta="Firma" error={err("idFirma")}>
          <Dropdown
            inputId="rfv-firma"
            value={idFirma}
            options={grupos}
            optionGroupLabel="label"
            optionGroupChildren="items"
            optionLabel="label"
            optionValue="value"
            onChange={(e) => setIdFirma(e.value ?? null)}
            placeholder="Cualquiera"
            showClear
            pt={PT_DROPDOWN}
            {...ariaError("rfv-firma", err("idFirma"))}
          />
        </Campo>
        <Campo id="rfv-monto" etiqueta="Monto" error={err("monto")}>
          <InputNumber
            inputId="rfv-monto"
            value={monto}
            onValueChange={(e) => setMonto(e.value ?? null)}
            mode="currency"
            currency="USD"
            locale="en-US"
            min={0}
            invalid={!!err("monto")}
            aria-describedby={err("monto") ? "rfv-monto-error" : undefined}
          />
        </Campo>
        <Campo id="rfv-fecha" etiqueta="Fecha" error={err("fecha")}>
          <SelectorFecha inputId="rfv-fecha" ref={fechaRef} value={fecha} onChange={setFecha} error={err("fecha")} />
        </Campo>
        <div className="rfv-enviar">
          <Button type="submit" label="Verificar" icon="pi pi-shield" loading={consulta.isPending} />
        </div>
      </form>
      <div aria-live="polite">{respuesta && <Resultado r={respuesta} rutaDetalle={rutaDetalle} />}</div>
      <VerificarLote />
    </section>
  );
}

function Resultado({ r, rutaDetalle }: { r: RespuestaVerificacion; rutaDetalle: ((id: number) => string) | null }) {
  return (
    <>
      <div className={`rfv-respuesta ${r.autorizado ? "rfv-si" : "rfv-no"}`} role="status">
        <i className={`pi ${r.autorizado ? "pi-check-circle" : "pi-times-circle"}`} aria-hidden="true" />
        <div>
          {/* The day answered for stands beside the verdict: an answer is only true for its date. */}
          <p className="rfv-veredicto">
            {r.autorizado ? "Autorizado" : "No autorizado"}{" "}
            <span className="rfv-fecha">(fecha consultada: {formatearFecha(r.fecha)})</span>
          </p>
          <p>{r.motivo}</p>
        </div>
      </div>
      {r.registros.length > 0 && (
        <DataTable
          value={r.registros}
          dataKey="idFuncionario"
          // The whole row fits the screen (values wrap); on a phone each record is a stacked card.
          className="rfv-registros rf-tabla-apilable"
          stripedRows
          size="small"
          aria-label="Registros de la persona"
          header={`Registros de ${r.registros[0].nombres} ${r.registros[0].apellidos}`}
        >
          <Column header="Institución" pt={ptEtiqueta("Institución")} field="institucion" />
          <Column header="Cargo" pt={ptEtiqueta("Cargo")} field="cargo" />
          <Column
            header="Solicitud"
            pt={ptEtiqueta("Solicitud")}
            body={(x: RegistroVerificacion) =>
              rutaDetalle ? <Link to={rutaDetalle(x.idSolicitud)}>{x.idSolicitud}</Link> : x.idSolicitud
            }
          />
          <Column
            header="Firmas"
            pt={ptEtiqueta("Firmas")}
            body={(x: RegistroVerificacion) => x.firmas.map((f) => f.firma).join(", ")}
          />
          <Column
            header="Rango"
            pt={ptEtiqueta("Rango")}
            body={(x: RegistroVerificacion) =>
              x.firmaRango ? `${formatearMonto(x.montoDesde)} – ${formatearMonto(x.montoHasta)}` : "Sin límite"
            }
          />
          <Column
            header="Vigencia"
            pt={ptEtiqueta("Vigencia")}
            body={(x: RegistroVerificacion) => (
              <>
                {x.firmaVigencia ? `${formatearFecha(x.fechaDesde)} – ${formatearFecha(x.fechaHasta)}` : "Permanente"}
                {/* Avisos: the same "Por vencer" / "Vencida" as the officials' tables. */}
                {x.vencimiento && (
                  <>
                    {" "}
                    <StatusTag
                      texto={x.vencimiento === "porVencer" ? "Por vencer" : "Vencida"}
                      color={x.vencimiento === "porVencer" ? "warning" : "danger"}
                    />
                  </>
                )}
              </>
            )}
          />
          <Column
            header="Firma"
            pt={ptEtiqueta("Firma")}
            body={(x: RegistroVerificacion) => textoClaseFirma(x.firmaDigital)}
          />
          <Column
            header="Estatus"
            pt={ptEtiqueta("Estatus")}
            body={(x: RegistroVerificacion) =>
              `${x.estatusFuncionario} (${textoEstatusUsuario(x.codigoEstatusSolicitud, x.estatusSolicitud)})`
            }
          />
          <Column
            header="Activo desde"
            pt={ptEtiqueta("Activo desde")}
            body={(x: RegistroVerificacion) => formatearFecha(x.activoDesde)}
          />
          <Column
            header="Inactivo desde"
            pt={ptEtiqueta("Inactivo desde")}
            body={(x: RegistroVerificacion) => formatearFecha(x.inactivoDesde)}
          />
          <Column
            header="Resultado"
            pt={ptEtiqueta("Resultado")}
            body={(x: RegistroVerificacion) => (
              <Tag
                severity={x.autorizado ? "success" : "danger"}
                value={x.autorizado ? "Autorizado" : "No autorizado"}
                title={x.motivo}
              />
            )}
          />
        </DataTable>
      )}
    </>
  );
}
