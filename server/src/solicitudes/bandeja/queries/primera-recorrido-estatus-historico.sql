-- The legal history by status: one branch per status through the (decided status, date) index
-- paso: leer (recorridoEstatus)

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
        "solicitudes_totales"."decidido_juridico" = $1
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
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 109
              and "solicitudes"."decidido_juridico" = $2
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            1::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 106
              and "solicitudes"."decidido_juridico" = $3
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            2::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 102
              and "solicitudes"."decidido_juridico" = $4
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            3::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 105
              and "solicitudes"."decidido_juridico" = $5
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            4::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 101
              and "solicitudes"."decidido_juridico" = $6
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            5::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 201
              and "solicitudes"."decidido_juridico" = $7
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            6::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 202
              and "solicitudes"."decidido_juridico" = $8
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            7::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 104
              and "solicitudes"."decidido_juridico" = $9
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            8::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 108
              and "solicitudes"."decidido_juridico" = $10
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            9::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 204
              and "solicitudes"."decidido_juridico" = $11
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            10::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 103
              and "solicitudes"."decidido_juridico" = $12
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
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
            11::bigint as k1,
            null::int as k2
          from
            "solicitudes"
          where
            (
              (
                case
                  when "solicitudes"."decidido_juridico" then "solicitudes"."estatus"
                end
              ) = 203
              and "solicitudes"."decidido_juridico" = $13
            )
          order by
            "solicitudes"."fecha_solicitud" desc,
            "solicitudes"."id_solicitud" desc
          limit
            10
        )
      ) x
    order by
      x.k1 asc,
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
  p.k1 asc,
  p.fecha desc,
  p.id desc;
-- params: [true,true,true,true,true,true,true,true,true,true,true,true,true]
