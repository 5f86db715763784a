/**
 * Administrador RyCC (SPEC.md screens 7 and 17): every request ever sent; 105 reads 'Pendiente'
 * (it waits for the administrator) and 106 'Activa'. "Auditoría" leads to the audit
 * trail for those who hold its view (the screen sits in Configuración, which this profile lacks).
 */
import { ENCABEZADOS_PANTALLA, V } from "@registro/contracts";
import { Button } from "primereact/button";
import { useNavigate } from "react-router";
import { AccionVer } from "../../../components/bandeja/acciones";
import { BandejaTabla } from "../../../components/bandeja/BandejaTabla";
import { useUserData } from "../../../lib/user-data";
import { cargarBandejaAdministrador } from "../api/get-bandeja-administrador";
import { colorAdministrador, FILTRO_ADMINISTRADOR, textoAdministrador } from "../components/estatus-bandeja";
import { P } from "../paths";

const RUTA_AUDITORIA = "/Configuracion/Auditoria";

function BotonAuditoria() {
  const navigate = useNavigate();
  const { data } = useUserData();
  if (!data?.vistas.some((v) => v.nombre === V.AUDITORIA)) return null;
  return (
    <Button
      type="button"
      label="Auditoría"
      icon="pi pi-history"
      severity="secondary"
      outlined
      onClick={() => navigate(RUTA_AUDITORIA)}
    />
  );
}

export default function AdministradorBandejaPage() {
  return (
    <BandejaTabla
      espera
      titulo="Solicitudes de Firma"
      ayuda={ENCABEZADOS_PANTALLA[V.ADMINISTRADOR].ayuda}
      exportar="Administrador"
      barra={<BotonAuditoria />}
      clave={["administrador"]}
      cargar={cargarBandejaAdministrador}
      textoEstatus={textoAdministrador}
      colorEstatus={colorAdministrador}
      opcionesEstatus={FILTRO_ADMINISTRADOR}
      acciones={(s) => <AccionVer to={P.detalleAdministrador(s.idSolicitud)} />}
    />
  );
}
