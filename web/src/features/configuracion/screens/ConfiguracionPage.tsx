/**
 * Configuración (SPEC.md §2): the menu of three buttons to the users, profiles and institutions
 * maintenance. Positions and the audit log, which the main menu does not list, are offered below
 * as secondary options. Each button shows only when the user holds its view.
 */
import "../configuracion.css";
import { V } from "@registro/contracts";
import { Button } from "primereact/button";
import { useNavigate } from "react-router";
import { useUserData } from "../../../lib/user-data";
import { RUTA } from "../paths";

const PRINCIPALES = [
  {
    vista: V.USUARIOS,
    ruta: RUTA.usuarios,
    icono: "pi pi-users",
    etiqueta: "Mantenimiento de Usuarios",
    detalle: "Crear usuarios, reiniciar claves y desactivar accesos.",
  },
  {
    vista: V.PERFILES,
    ruta: RUTA.perfiles,
    icono: "pi pi-id-card",
    etiqueta: "Mantenimiento de Perfiles",
    detalle: "Definir qué pantallas puede usar cada perfil.",
  },
  {
    vista: V.INSTITUCIONES,
    ruta: RUTA.instituciones,
    icono: "pi pi-building",
    etiqueta: "Mantenimiento de Instituciones",
    detalle: "Registrar instituciones, sus teléfonos y cargos asociados.",
  },
];

const OTROS = [
  { vista: V.CARGOS, ruta: RUTA.cargos, icono: "pi pi-sitemap", etiqueta: "Mantenimiento de Cargos" },
  { vista: V.AUDITORIA, ruta: RUTA.auditoria, icono: "pi pi-history", etiqueta: "Auditoría de cambios" },
  // Notices
  {
    vista: V.CORREOS_NO_ENVIADOS,
    ruta: "/Configuracion/CorreosNoEnviados",
    icono: "pi pi-envelope",
    etiqueta: "Correos no enviados",
  },
  { vista: V.RESPALDOS, ruta: "/Configuracion/Respaldos", icono: "pi pi-database", etiqueta: "Respaldos" },
  {
    vista: V.IMPORTAR_REGISTRO,
    ruta: "/Configuracion/ImportarRegistro",
    icono: "pi pi-upload",
    etiqueta: "Importar registro",
  },
  {
    vista: V.CLAVES_SISTEMA,
    ruta: "/Configuracion/ClavesSistema",
    icono: "pi pi-key",
    etiqueta: "Claves de sistema",
  },
  {
    vista: V.AUTORIDADES_CONFIANZA,
    ruta: "/Configuracion/AutoridadesConfianza",
    icono: "pi pi-verified",
    etiqueta: "Autoridades de confianza",
  },
];

export default function ConfiguracionPage() {
  const navigate = useNavigate();
  const { data } = useUserData();
  const vistas = new Set(data?.vistas.map((v) => v.nombre));
  const otros = OTROS.filter((o) => vistas.has(o.vista));
  return (
    <section className="rfc-tarjeta" aria-labelledby="rfc-menu-titulo">
      <h1 id="rfc-menu-titulo" className="rfc-titulo">
        Configuración
      </h1>
      <div className="rfc-menu">
        {PRINCIPALES.filter((b) => vistas.has(b.vista)).map((b) => (
          <Button key={b.ruta} type="button" className="rfc-menu-boton" onClick={() => navigate(b.ruta)}>
            <i className={`${b.icono} rfc-menu-icono`} aria-hidden="true" />
            <span className="rfc-menu-etiqueta">{b.etiqueta}</span>
            <span className="rfc-menu-detalle">{b.detalle}</span>
          </Button>
        ))}
      </div>
      {otros.length > 0 && (
        <nav aria-labelledby="rfc-otros-titulo" className="rfc-otros">
          <h2 id="rfc-otros-titulo">Otros mantenimientos</h2>
          <div className="rfc-otros-botones">
            {otros.map((o) => (
              <Button
                key={o.ruta}
                type="button"
                label={o.etiqueta}
                icon={o.icono}
                outlined
                onClick={() => navigate(o.ruta)}
              />
            ))}
          </div>
        </nav>
      )}
    </section>
  );
}
