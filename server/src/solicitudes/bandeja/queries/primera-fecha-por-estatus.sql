-- The analyst's inbox as it opens: each status' newest requests merged, the counters' total on every row
-- paso: leer (fechaPorEstatus)

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
      x.*
    from
      (
        (
          select
            "solicitudes"."id_solicitud" as id,
            "solicitudes"."estatus" as estatus,
            "solicitudes"."fecha_solicitud" as fecha,
            "solicitudes"."asignado_a" as asignado,
            "solicitudes"."id_institucion" as institucion,
            "solicitudes"."id_incumbente" as incumbente,
            "solicitudes"."cant_funcionarios" as cant,
            0::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              "solicitudes"."estatus" = 101
              and "solicitudes"."estatus" in ($3, $4)
            )
          order by
            "solicitudes"."fecha_solicitud" desc
          fetch first
            10 rows
          with
            ties
        )
        union all
        (
          select
            "solicitudes"."id_solicitud" as id,
            "solicitudes"."estatus" as estatus,
            "solicitudes"."fecha_solicitud" as fecha,
            "solicitudes"."asignado_a" as asignado,
            "solicitudes"."id_institucion" as institucion,
            "solicitudes"."id_incumbente" as incumbente,
            "solicitudes"."cant_funcionarios" as cant,
            0::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              "solicitudes"."estatus" = 204
              and "solicitudes"."estatus" in ($5, $6)
            )
          order by
            "solicitudes"."fecha_solicitud" desc
          fetch first
            10 rows
          with
            ties
        )
      ) x
    order by
      x.fecha desc,
      x.id desc
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
  p.fecha desc,
  p.id desc;
-- params: [101,204,101,204,101,204]
