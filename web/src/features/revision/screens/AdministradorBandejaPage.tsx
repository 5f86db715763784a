/**
 * Administrador RyCC (SPEC.md screens 7 and 17): every request ever sent; 105 reads 'Pendiente'
 * (it waits for the administrator) and 106 'Activa'.
 */
import { AccionVer, BandejaTabla } from "../../../components/bandeja/BandejaTabla";
import { cargarBandejaAdministrador } from "../api/get-bandeja-administrador";
import { colorAdministrador, FILTRO_ADMINISTRADOR, textoAdministrador } from "../components/estatus-bandeja";
import { P } from "../paths";

export default function AdministradorBandejaPage() {
  return (
    <BandejaTabla
      titulo="Solicitudes de Firma"
      exportar="Administrador"
      clave={["administrador"]}
      cargar={cargarBandejaAdministrador}
      textoEstatus={textoAdministrador}
      colorEstatus={colorAdministrador}
      opcionesEstatus={FILTRO_ADMINISTRADOR}
      acciones={(s) => <AccionVer to={P.detalleAdministrador(s.idSolicitud)} />}
    />
  );
}
