-- Por vencer: an active temporary official ending within the dates, counted exactly beside the page
-- paso: leer (fecha)

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
      null::int as k1,
      null::int as k2
    from
      "solicitudes"
    where
      (
        "solicitudes"."id_institucion" = $1
        and "solicitudes"."estatus" not in ($2, $3)
        and exists (
          select
            1
          from
            funcionarios fv
          where
            fv.id_solicitud = "solicitudes"."id_solicitud"
            and fv.id_estatus = $4
            and fv.firma_vigencia
            and fv.fecha_hasta <= $5::date
            and fv.fecha_hasta >= $6::date
            and (
              fv.fecha_desde is null
              or fv.fecha_desde <= $7::date
            )
        )
      )
    order by
      "solicitudes"."fecha_solicitud" desc,
      "solicitudes"."id_solicitud" desc
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
-- params: [7,201,109,2,"2026-12-26","2026-11-26","2026-11-26"]

select
  count(*)::int as n
from
  "solicitudes"
where
  (
    "solicitudes"."id_institucion" = $1
    and "solicitudes"."estatus" not in ($2, $3)
    and exists (
      select
        1
      from
        funcionarios fv
      where
        fv.id_solicitud = "solicitudes"."id_solicitud"
        and fv.id_estatus = $4
        and fv.firma_vigencia
        and fv.fecha_hasta <= $5::date
        and fv.fecha_hasta >= $6::date
        and (
          fv.fecha_desde is null
          or fv.fecha_desde <= $7::date
        )
    )
  );
-- params: [7,201,109,2,"2026-12-26","2026-11-26","2026-11-26"]
