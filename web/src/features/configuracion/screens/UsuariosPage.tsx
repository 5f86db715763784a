/**
 * 'Listado de Usuarios' (SPEC.md screen 19): every user with institution, profile, cédula and
 * status ("Bloqueado" next to it while failed sign-ins lock the user); Agregar Usuario, Volver, search;
 * per row Editar, Detalles, "Desbloquear" while the user is locked (the password stays), and the
 * password reset for every user, internal ones included (it also unlocks; confirmation naming the
 * user). New users and resets show the temporary password once.
 * "Reiniciar segundo factor" removes a user's passkeys, app and codes (a lost phone or key).
 */
import "../../../components/formulario/campos.css";
import "../configuracion.css";
import { type FilaUsuario, filaUsuario, MSG, MSG_SEGUNDO_FACTOR, type Usuario } from "@registro/contracts";
import { Column } from "primereact/column";
import { Tag } from "primereact/tag";
import { useMemo, useRef, useState } from "react";
import { AccionBandeja } from "../../../components/bandeja/acciones";
import { avisarFallo, avisarRespuesta } from "../api/comun";
import { useDesbloquearUsuario } from "../api/desbloquear-usuario";
import { useUsuarios } from "../api/get-usuarios";
import { useReiniciarClave } from "../api/reiniciar-clave";
import { useReiniciarSegundoFactor } from "../api/reiniciar-segundo-factor";
import { type ClaveTemporal, ClaveTemporalDialog } from "../components/ClaveTemporalDialog";
import { ConfirmacionHost, confirmar } from "../components/confirmar";
import { EstatusTag } from "../components/EstatusTag";
import { MantenimientoTabla } from "../components/MantenimientoTabla";
import { type ModoDialogo, UsuarioDialog } from "../components/UsuarioDialog";

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the users table and its actions (edit, reset, toggle), which share the dialogs' open state.
export default function UsuariosPage() {
  const usuarios = useUsuarios();
  const reiniciar = useReiniciarClave();
  const desbloquear = useDesbloquearUsuario();
  const reiniciarFactores = useReiniciarSegundoFactor();
  const [dialogo, setDialogo] = useState<{ modo: ModoDialogo; usuario: Usuario | null } | null>(null);
  const [clave, setClave] = useState<ClaveTemporal | null>(null);
  const filas = useMemo(() => usuarios.data?.map(filaUsuario), [usuarios.data]);
  // The button that started a flow ending in the temporary password: focus returns there after
  // "Entendido" (the confirmation or the user dialog in between are gone by then).
  const origen = useRef<{ elemento: HTMLElement | null; etiqueta: string | null }>({ elemento: null, etiqueta: null });
  const recordarOrigen = () => {
    const a = document.activeElement;
    const elemento = a instanceof HTMLElement && a !== document.body ? a : null;
    origen.current = { elemento, etiqueta: elemento?.getAttribute("aria-label") ?? null };
  };
  const volverAlOrigen = () => {
    const { elemento, etiqueta } = origen.current;
    if (elemento?.isConnected) return elemento;
    // The table drew its rows again: the same action of the same row.
    return etiqueta ? document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(etiqueta)}"]`) : null;
  };

  const pedirReinicio = (u: Usuario) => {
    recordarOrigen();
    const nombre = `${u.nombre} ${u.apellido}`.trim();
    confirmar(
      "Reiniciar clave",
      MSG.confirmarReiniciarClave(nombre),
      async () => {
        try {
          const r = await reiniciar.mutateAsync(u.idUsuario);
          if (avisarRespuesta(r) && r.data) setClave({ usuario: u.usuario, password: r.data.password });
        } catch (e) {
          avisarFallo(e);
        }
      },
      { destructiva: true },
    );
  };

  const pedirDesbloqueo = (u: Usuario) => {
    confirmar("Desbloquear usuario", MSG.confirmarDesbloquear(`${u.nombre} ${u.apellido}`.trim()), async () => {
      try {
        avisarRespuesta(await desbloquear.mutateAsync(u.idUsuario));
      } catch (e) {
        avisarFallo(e);
      }
    });
  };

  const pedirReinicioFactores = (u: Usuario) => {
    confirmar(
      "Reiniciar segundo factor",
      MSG_SEGUNDO_FACTOR.confirmarReiniciar(`${u.nombre} ${u.apellido}`.trim()),
      async () => {
        try {
          avisarRespuesta(await reiniciarFactores.mutateAsync(u.idUsuario));
        } catch (e) {
          avisarFallo(e);
        }
      },
      { destructiva: true },
    );
  };

  return (
    <>
      <MantenimientoTabla
        titulo="Listado de Usuarios"
        datos={filas}
        dataKey="idUsuario"
        cargando={usuarios.isFetching}
        lista="Usuarios"
        vacio={MSG.sinUsuarios}
        plural="usuarios"
        agregar="Agregar Usuario"
        onAgregar={() => {
          recordarOrigen();
          setDialogo({ modo: "crear", usuario: null });
        }}
      >
        <Column field="usuario" header="Usuario" sortable />
        <Column field="nombreCompleto" header="Nombre" sortable />
        <Column field="institucion" header="Institución" sortable />
        <Column field="perfil" header="Perfil" sortable />
        <Column
          field="cedula"
          header="Cédula"
          body={(u: FilaUsuario) => <span className="rf-nowrap">{u.cedula}</span>}
        />
        <Column
          field="activo"
          header="Estatus"
          sortable
          body={(u: FilaUsuario) => (
            <span className="rfc-estatus-usuario">
              <EstatusTag activo={u.activo} />
              {u.bloqueado && <Tag value="Bloqueado" severity="warning" icon="pi pi-lock" />}
            </span>
          )}
        />
        <Column
          header="Acciones"
          style={{ width: "1%", whiteSpace: "nowrap" }}
          body={(u: FilaUsuario) => (
            <div className="rfc-acciones">
              <AccionBandeja
                etiqueta={`Editar ${u.usuario}`}
                icono="pi pi-pencil"
                onClick={() => setDialogo({ modo: "editar", usuario: u })}
              />
              <AccionBandeja
                etiqueta={`Detalles de ${u.usuario}`}
                icono="pi pi-eye"
                onClick={() => setDialogo({ modo: "detalles", usuario: u })}
              />
              {u.bloqueado && (
                <AccionBandeja
                  etiqueta={`Desbloquear ${u.usuario}`}
                  icono="pi pi-lock-open"
                  severity="help"
                  onClick={() => pedirDesbloqueo(u)}
                />
              )}
              <AccionBandeja
                etiqueta={`Reiniciar clave de ${u.usuario}`}
                icono="pi pi-key"
                severity="warning"
                onClick={() => pedirReinicio(u)}
              />
              <AccionBandeja
                etiqueta={`Reiniciar segundo factor de ${u.usuario}`}
                icono="pi pi-shield"
                severity="danger"
                onClick={() => pedirReinicioFactores(u)}
              />
            </div>
          )}
        />
      </MantenimientoTabla>
      <UsuarioDialog
        modo={dialogo?.modo ?? "crear"}
        usuario={dialogo?.usuario ?? null}
        visible={dialogo !== null}
        onHide={() => setDialogo(null)}
        onClaveTemporal={setClave}
      />
      <ClaveTemporalDialog clave={clave} onHide={() => setClave(null)} focoAlCerrar={volverAlOrigen} />
      <ConfirmacionHost />
    </>
  );
}
