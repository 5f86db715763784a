-- A search sorted by name: each vocabulary word's requests in name order, merged (the total counted beside it)
-- paso: leer (nombrePorPalabras)

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
      x.nombres as k1,
      x.apellidos as k2
    from
      (
        (
          select
            p.id_solicitud as id,
            p.nombres,
            p.apellidos
          from
            solicitudes_palabras p
          where
            (
              p.palabra = $1
              and (
                (
                  p.anterior is null
                  or p.anterior < $2
                )
                and p.estatus in ($3, $4)
              )
            )
          order by
            p.nombres asc,
            p.apellidos asc,
            p.id_solicitud asc
          limit
            10
        )
        union all
        (
          select
            p.id_solicitud as id,
            p.nombres,
            p.apellidos
          from
            solicitudes_palabras p
          where
            (
              p.palabra = $5
              and (
                (
                  p.anterior is null
                  or p.anterior < $6
                )
                and p.estatus in ($7, $8)
              )
            )
          order by
            p.nombres asc,
            p.apellidos asc,
            p.id_solicitud asc
          limit
            10
        )
        union all
        (
          select
            solicitudes.id_solicitud as id,
            ix.nombres,
            ix.apellidos
          from
            incumbentes ix
            join solicitudes on solicitudes.id_incumbente = ix.id_incumbente
          where
            (
              "solicitudes"."estatus" in ($9, $10)
              and not (
                "solicitudes"."busqueda" @@ to_tsquery('simple'::regconfig, $11)
              )
              and exists (
                select
                  1
                from
                  funcionarios_palabras fw
                where
                  fw.id_solicitud = "solicitudes"."id_solicitud"
                  and fw.palabra >= $12
                  and fw.palabra < $13
              )
            )
          order by
            ix.nombres asc,
            ix.apellidos asc,
            solicitudes.id_solicitud asc
          limit
            10
        )
      ) x
      join solicitudes on solicitudes.id_solicitud = x.id
    order by
      x.nombres asc,
      x.apellidos asc,
      x.id asc
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
  p.k2 asc,
  p.id asc;
-- params: ["nunez","nunez",101,204,"nunezz","nunez",101,204,101,204,"nunez:*","nunez","nune{"]

select
  count(*)::int as n
from
  (
    (
      select
        p.id_solicitud as id,
        p.fecha_solicitud as fecha
      from
        solicitudes_palabras p
      where
        (
          p.palabra in ($1, $2)
          and (
            (
              p.anterior is null
              or p.anterior < $3
            )
            and p.estatus in ($4, $5)
          )
        )
    )
    union all
    (
      select
        fp.id_solicitud as id,
        fp.fecha_solicitud as fecha
      from
        funcionarios_palabras fp
      where
        (
          fp.palabra >= $6
          and fp.palabra < $7
          and not (strpos(fp.incumbente, $8) > 0)
          and fp.estatus in ($9, $10)
          and (
            fp.anterior is null
            or fp.anterior < $11
          )
        )
    )
    limit
      10001
  ) c;
-- params: ["nunez","nunezz","nunez",101,204,"nunez","nune{"," nunez",101,204,"nunez"]
