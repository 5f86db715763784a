-- A page past the middle: read from the other end in the reverse order
-- paso: leer (incumbente)

select
  p.id as "idSolicitud",
  p.estatus as "estatus",
  p.fecha as "fechaSolicitud",
  p.asignado as "idAsignadoA",
  "usuarios"."nombre" || ' ' || "usuarios"."apellido" as "asignadoNombre",
  "instituciones"."id_institucion" as "idInstitucion",
  "instituciones"."nombre" as "institucion",
  "incumbentes"."cedula" as "cedula",
  "incumbentes"."nombres" as "nombres",
  "incumbentes"."apellidos" as "apellidos",
  p.cant as "cantFuncionarios",
  ee.entrada as "entradaEtapa"
from
  (
    select
      "solicitudes"."id_solicitud" as id,
      "solicitudes"."estatus" as estatus,
      "solicitudes"."fecha_solicitud" as fecha,
      "solicitudes"."asignado_a" as asignado,
      "solicitudes"."id_institucion" as institucion,
      "solicitudes"."id_incumbente" as incumbente,
      "solicitudes"."cant_funcionarios" as cant,
      "incumbentes"."cedula" as k1,
      null::text as k2
    from
      "solicitudes"
      join "incumbentes" on "incumbentes"."id_incumbente" = "solicitudes"."id_incumbente"
    where
      "solicitudes"."estatus" in ($1, $2)
    order by
      "incumbentes"."cedula" desc,
      null::text desc,
      "solicitudes"."id_solicitud" desc
    limit
      10
    offset
      9990
  ) p
  join "instituciones" on "instituciones"."id_institucion" = p.institucion
  join "incumbentes" on "incumbentes"."id_incumbente" = p.incumbente
  left join "usuarios" on "usuarios"."id_usuario" = p.asignado
  left join solicitudes_etapas ee on ee.id_solicitud = p.id
  and ee.salida is null
  and ee.etapa between 1 and 3
order by
  p.k1 desc,
  p.k2 desc,
  p.id desc;
-- params: [101,204]
