/**
 * The request form (SPEC.md screen 3) behind three routes: Solicitud (new), Editar solicitud and
 * Nuevo Funcionario (an active request: the incumbent is read-only, officials are added and sent).
 * Holds the institution's contact data, the incumbent, the four documents and the officials table.
 */
import "../originador.css";
import { type Funcionario, MSG, type Solicitud } from "@registro/contracts";
import { Button } from "primereact/button";
import { ProgressSpinner } from "primereact/progressspinner";
import { useLocation, useNavigate, useParams } from "react-router";
import { mensajeSolicitud } from "../../../components/solicitud/api/aviso-error";
import { useFuncionariosSolicitud } from "../../../components/solicitud/api/get-funcionario-solicitud";
import { useSolicitud } from "../../../components/solicitud/api/get-solicitud";
import { useSolicitudAdjuntos } from "../../../components/solicitud/api/get-solicitud-adjuntos";
import { useInstitucionOnline } from "../api/obtener-institucion-online";
import { ConfirmacionHost } from "../components/confirmar";
import { FormularioSolicitud } from "../components/FormularioSolicitud";
import { type ModoFormulario, RUTA } from "../reglas";

export default function SolicitudFormPage() {
  const { idSolicitud } = useParams();
  const location = useLocation();
  const id = idSolicitud ? Number(idSolicitud) : null;
  const modo: ModoFormulario =
    id === null ? "nuevo" : /\/NuevoFuncionario\//i.test(location.pathname) ? "nuevoFuncionario" : "editar";
  return (
    <div className="rfo-pagina">
      <h1 id="titulo-formulario">Registrar Firma</h1>
      <ConfirmacionHost />
      {id === null ? <FormularioNuevo /> : <FormularioExistente key={`${modo}-${id}`} id={id} modo={modo} />}
    </div>
  );
}

function Cargando() {
  return (
    <div className="rfo-cargando">
      <ProgressSpinner style={{ width: "3rem", height: "3rem" }} aria-label="Cargando" />
    </div>
  );
}

function FormularioNuevo() {
  const institucion = useInstitucionOnline(true);
  const navigate = useNavigate();
  if (institucion.isLoading) return <Cargando />;
  if (!institucion.data)
    return (
      <div className="rfo-aviso" role="alert">
        <p>{MSG.errorCargarInstituciones}</p>
        <Button label="Volver" icon="pi pi-arrow-left" outlined onClick={() => navigate(RUTA.bandeja)} />
      </div>
    );
  return (
    <FormularioSolicitud modo="nuevo" institucion={institucion.data} solicitud={null} funcionarios={[]} adjuntos={[]} />
  );
}

function FormularioExistente({ id, modo }: { id: number; modo: ModoFormulario }) {
  const solicitud = useSolicitud(id);
  // Read once the request is: a missing or foreign one gives one message, not three.
  const funcionarios = useFuncionariosSolicitud(id, solicitud.isSuccess);
  const adjuntos = useSolicitudAdjuntos(id, solicitud.isSuccess);
  const navigate = useNavigate();
  if (solicitud.isLoading) return <Cargando />;
  if (!solicitud.data)
    return (
      <div className="rfo-aviso" role="alert">
        <p>{mensajeSolicitud(solicitud.error)}</p>
        <Button label="Volver" icon="pi pi-arrow-left" outlined onClick={() => navigate(RUTA.bandeja)} />
      </div>
    );
  const s: Solicitud = solicitud.data;
  return (
    <FormularioSolicitud
      modo={modo}
      institucion={s.infoInstitucion}
      solicitud={s}
      funcionarios={funcionarios.data ?? ([] as Funcionario[])}
      cargandoFuncionarios={funcionarios.isLoading}
      adjuntos={adjuntos.data ?? []}
    />
  );
}
