/**
 * Inicio (SPEC.md §2 screen 2): three cards — acceptance criteria, mandatory documents, rejection
 * reasons — each opening a dialog with the list from the server, and the forced password change
 * when the user data asks for it.
 */
import type { Criterio } from "@registro/contracts";
import { MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { useState } from "react";
import { nombreCorto, useUserData } from "../../lib/user-data";
import { useCriterios } from "./api/cargar-criterios";
import { CambioClaveDialog } from "./CambioClaveDialog";
import "./inicio.css";
import { Dialogo } from "../../components/Dialogo";

interface Tarjeta {
  tipo: Criterio["tipo"];
  titulo: string;
  descripcion: string;
  icono: string;
}

const TARJETAS: Tarjeta[] = [
  {
    tipo: "Aceptacion",
    titulo: "Criterios de aceptación",
    descripcion: "Condiciones que debe cumplir una solicitud para ser aceptada.",
    icono: "pi pi-check-circle",
  },
  {
    tipo: "Documento",
    titulo: "Documentos obligatorios",
    descripcion: "Documentos que debe adjuntar para la solicitud y para cada funcionario.",
    icono: "pi pi-folder-open",
  },
  {
    tipo: "Rechazo",
    titulo: "Motivos de rechazo",
    descripcion: "Causas por las que una solicitud puede ser rechazada.",
    icono: "pi pi-times-circle",
  },
];

export default function InicioPage() {
  const { data } = useUserData();
  const cambioClave = data?.usuario.cambioClave ?? false;
  // While the password must change the server refuses every other call; load the lists afterwards.
  const criterios = useCriterios(data !== undefined && !cambioClave);
  // The last card opened stays the dialog's content while it fades out, so closing never shows an
  // untitled, empty dialog.
  const [abierta, setAbierta] = useState<Tarjeta | null>(null);
  const [visible, setVisible] = useState(false);
  const lista = abierta ? (criterios.data ?? []).filter((c) => c.tipo === abierta.tipo) : [];
  const abrir = (t: Tarjeta) => {
    setAbierta(t);
    setVisible(true);
  };

  return (
    <div className="rf-inicio">
      <h1>Bienvenido(a){data ? `, ${nombreCorto(data.usuario)}` : ""}</h1>
      <p className="rf-inicio-intro">
        Registro de Firmas de la Contraloría General de la República: solicitudes de registro, inactivación y
        reactivación de las firmas de los funcionarios autorizados de cada institución.
      </p>
      <h2 className="rf-inicio-subtitulo">Información para su solicitud</h2>
      <ul className="rf-inicio-tarjetas">
        {TARJETAS.map((t) => (
          <li key={t.tipo}>
            <button type="button" className="rf-inicio-tarjeta" aria-haspopup="dialog" onClick={() => abrir(t)}>
              <i className={t.icono} aria-hidden="true" />
              <span className="rf-inicio-tarjeta-titulo">{t.titulo}</span>
              <span className="rf-inicio-tarjeta-texto">{t.descripcion}</span>
            </button>
          </li>
        ))}
      </ul>

      <Dialogo
        visible={visible}
        onHide={() => setVisible(false)}
        header={abierta?.titulo}
        style={{ width: "36rem" }}
        breakpoints={{ "640px": "95vw" }}
        draggable={false}
        footer={<Button type="button" label="Cerrar" outlined onClick={() => setVisible(false)} />}
      >
        {criterios.isError ? (
          <p className="p-error">{MSG.errorCargarCriterios}</p>
        ) : criterios.isPending ? (
          <p>Cargando…</p>
        ) : lista.length === 0 ? (
          <p>{MSG.sinRegistros}</p>
        ) : (
          <ol className="rf-inicio-lista">
            {lista.map((c) => (
              <li key={c.id}>{c.criterio}</li>
            ))}
          </ol>
        )}
      </Dialogo>

      {data && cambioClave && <CambioClaveDialog idUsuario={data.usuario.idUsuario} />}
    </div>
  );
}
