-- The paginator's next page (page 50) of a searched date order over the cap: the rows after its cursor, walked
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
  ee.entrada as "entradaEtapa"
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
              and (
                "solicitudes"."estatus" in ($1, $2)
                and (
                  "solicitudes"."busqueda" @@ to_tsquery('simple'::regconfig, $3)
                  or exists (
                    select
                      1
                    from
                      funcionarios_palabras fw
                    where
                      fw.id_solicitud = "solicitudes"."id_solicitud"
                      and fw.palabra >= $4
                      and fw.palabra < $5
                    offset
                      0
                  )
                )
                and (
                  "solicitudes"."id_institucion" in ($6, $7)
                  or "solicitudes"."busqueda" @@ to_tsquery('simple'::regconfig, $8)
                  or exists (
                    select
                      1
                    from
                      funcionarios_palabras fw
                    where
                      fw.id_solicitud = "solicitudes"."id_solicitud"
                      and fw.palabra >= $9
                      and fw.palabra < $10
                    offset
                      0
                  )
                )
              )
              and "solicitudes"."fecha_solicitud" <= $11::timestamptz
              and (
                "solicitudes"."fecha_solicitud",
                "solicitudes"."id_solicitud"
              ) < ($12::timestamptz, $13)
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
              and (
                "solicitudes"."estatus" in ($14, $15)
                and (
                  "solicitudes"."busqueda" @@ to_tsquery('simple'::regconfig, $16)
                  or exists (
                    select
                      1
                    from
                      funcionarios_palabras fw
                    where
                      fw.id_solicitud = "solicitudes"."id_solicitud"
                      and fw.palabra >= $17
                      and fw.palabra < $18
                    offset
                      0
                  )
                )
                and (
                  "solicitudes"."id_institucion" in ($19, $20)
                  or "solicitudes"."busqueda" @@ to_tsquery('simple'::regconfig, $21)
                  or exists (
                    select
                      1
                    from
                      funcionarios_palabras fw
                    where
                      fw.id_solicitud = "solicitudes"."id_solicitud"
                      and fw.palabra >= $22
                      and fw.palabra < $23
                    offset
                      0
                  )
                )
              )
              and "solicitudes"."fecha_solicitud" <= $24::timestamptz
              and (
                "solicitudes"."fecha_solicitud",
                "solicitudes"."id_solicitud"
              ) < ($25::timestamptz, $26)
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
-- params: [101,204,"nunez:*","nunez","nune{",3,9,"hacienda:*","hacienda","haciendb","2025-03-01T08:00:00.000Z","2025-03-01T08:00:00.000Z",4321,101,204,"nunez:*","nunez","nune{",3,9,"hacienda:*","hacienda","haciendb","2025-03-01T08:00:00.000Z","2025-03-01T08:00:00.000Z",4321]
