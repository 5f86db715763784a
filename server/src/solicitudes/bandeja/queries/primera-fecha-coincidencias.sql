-- A searched page in date order of a few thousand matches: their ids and dates from the words and pairs tables, sorted
-- paso: leer (fechaCoincidencias)

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
      "solicitudes"."id_solicitud" in (
        select
          u.id
        from
          (
            (
              select
                q.id_solicitud as id,
                q.fecha_solicitud as fecha
              from
                solicitudes_pares q
              where
                (
                  q.palabra1 in ($1, $2)
                  and q.palabra2 in ($3)
                  and (
                    q.anterior1 is null
                    or q.anterior1 < $4
                  )
                  and (
                    q.anterior2 is null
                    or q.anterior2 < $5
                  )
                  and q.estatus in ($6, $7)
                )
            )
            union all
            (
              select distinct
                fq.id_solicitud as id,
                fq.fecha_solicitud as fecha
              from
                funcionarios_pares fq
              where
                (
                  fq.palabra1 = any (
                    array(
                      with recursive
                        v (p) as (
                          select
                            (
                              select
                                min(palabra1)
                              from
                                funcionarios_pares
                              where
                                palabra1 >= $8
                                and palabra1 < $9
                            )
                          union all
                          select
                            (
                              select
                                min(palabra1)
                              from
                                funcionarios_pares
                              where
                                palabra1 > v.p
                                and palabra1 < $10
                            )
                          from
                            v
                          where
                            v.p is not null
                        )
                      select
                        p
                      from
                        v
                      where
                        p is not null
                    )
                  )
                  and fq.palabra2 = any (
                    array(
                      with recursive
                        v (p) as (
                          select
                            (
                              select
                                min(palabra)
                              from
                                funcionarios_palabras
                              where
                                palabra >= $11
                                and palabra < $12
                            )
                          union all
                          select
                            (
                              select
                                min(palabra)
                              from
                                funcionarios_palabras
                              where
                                palabra > v.p
                                and palabra < $13
                            )
                          from
                            v
                          where
                            v.p is not null
                        )
                      select
                        p
                      from
                        v
                      where
                        p is not null
                    )
                  )
                  and not (
                    (
                      strpos(fq.incumbente, $14) > 0
                      and strpos(fq.incumbente, $15) > 0
                    )
                  )
                  and fq.estatus in ($16, $17)
                )
            )
          ) u
        order by
          u.fecha desc,
          u.id desc
        limit
          10
        offset
          0
      )
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
-- params: ["ana","anabel","nunez","ana","nunez",101,204,"ana","anb","anb","nunez","nune{","nune{"," ana"," nunez",101,204]
