-- The legal inbox by days waiting: the open stay in a reviewer's stage joined, oldest entry first
-- paso: leer (espera)

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
  ee.entrada as "entradaEtapa",
  (
    (
      select
        coalesce(sum("solicitudes_totales"."n"), 0)::bigint
      from
        "solicitudes_totales"
      where
        "solicitudes_totales"."estatus" in ($1, $2)
    )
  ) as "total"
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
      coalesce(e.entrada, 'infinity'::timestamptz) as k1,
      null::int as k2
    from
      "solicitudes"
      left join solicitudes_etapas e on e.id_solicitud = "solicitudes"."id_solicitud"
      and e.salida is null
      and e.etapa between 1 and 3
    where
      "solicitudes"."estatus" in ($3, $4)
    order by
      coalesce(e.entrada, 'infinity'::timestamptz) asc,
      "solicitudes"."id_solicitud" asc
    limit
      10
    offset
      0
  ) p
  join "instituciones" on "instituciones"."id_institucion" = p.institucion
  join "incumbentes" on "incumbentes"."id_incumbente" = p.incumbente
  left join "usuarios" on "usuarios"."id_usuario" = p.asignado
  left join solicitudes_etapas ee on ee.id_solicitud = p.id
  and ee.salida is null
  and ee.etapa between 1 and 3
order by
  p.k1 asc,
  p.id asc;
-- params: [102,103,102,103]
