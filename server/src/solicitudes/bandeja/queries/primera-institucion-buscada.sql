-- A search sorted by institution: what the search finds, sorted by name
-- paso: leer (institucionBuscada)

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
      "instituciones"."nombre" as k1,
      null::int as k2
    from
      "solicitudes"
      join "instituciones" on "instituciones"."id_institucion" = "solicitudes"."id_institucion"
    where
      (
        "solicitudes"."estatus" in ($1, $2)
        and "solicitudes"."id_solicitud" = any (
          array(
            select
              sc.id_solicitud
            from
              solicitudes sc
            where
              sc.busqueda @@ to_tsquery('simple'::regconfig, $3)
              and coalesce(
                sc.busqueda @@ to_tsquery('simple'::regconfig, $4),
                false
              )
            union
            select
              fc.id_solicitud
            from
              funcionarios fc
            where
              fc.busqueda @@ to_tsquery('simple'::regconfig, $5)
              and coalesce(
                fc.busqueda @@ to_tsquery('simple'::regconfig, $6),
                false
              )
          )
        )
      )
    order by
      "instituciones"."nombre" desc,
      "solicitudes"."id_institucion" desc,
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
  p.k1 desc,
  p.institucion desc,
  p.fecha desc,
  p.id desc;
-- params: [101,204,"0010001:*","0010001:*","0010001:*","0010001:*"]

select
  count(*)::int as n
from
  (
    select
      1
    from
      "solicitudes"
    where
      (
        "solicitudes"."estatus" in ($1, $2)
        and "solicitudes"."id_solicitud" = any (
          array(
            select
              sc.id_solicitud
            from
              solicitudes sc
            where
              sc.busqueda @@ to_tsquery('simple'::regconfig, $3)
              and coalesce(
                sc.busqueda @@ to_tsquery('simple'::regconfig, $4),
                false
              )
            union
            select
              fc.id_solicitud
            from
              funcionarios fc
            where
              fc.busqueda @@ to_tsquery('simple'::regconfig, $5)
              and coalesce(
                fc.busqueda @@ to_tsquery('simple'::regconfig, $6),
                false
              )
          )
        )
      )
    limit
      $7
  ) c;
-- params: [101,204,"0010001:*","0010001:*","0010001:*","0010001:*",10001]
