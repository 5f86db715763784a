-- The next page of a searched date order under the cap: the sorted matches after its cursor
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
                  q.palabra1 in ($1)
                  and q.palabra2 in ($2)
                  and (
                    q.anterior1 is null
                    or q.anterior1 < $3
                  )
                  and (
                    q.anterior2 is null
                    or q.anterior2 < $4
                  )
                  and (
                    q.estatus in (
                      $5,
                      $6,
                      $7,
                      $8,
                      $9,
                      $10,
                      $11,
                      $12,
                      $13,
                      $14,
                      $15,
                      $16
                    )
                    and q.decidido_juridico
                  )
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
                                palabra1 >= $17
                                and palabra1 < $18
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
                                and palabra1 < $19
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
                                palabra >= $20
                                and palabra < $21
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
                                and palabra < $22
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
                      strpos(fq.incumbente, $23) > 0
                      and strpos(fq.incumbente, $24) > 0
                    )
                  )
                  and (
                    fq.estatus in (
                      $25,
                      $26,
                      $27,
                      $28,
                      $29,
                      $30,
                      $31,
                      $32,
                      $33,
                      $34,
                      $35,
                      $36
                    )
                    and fq.decidido_juridico
                  )
                )
            )
          ) u
        where
          u.fecha <= $37::timestamptz
          and (u.fecha, u.id) < ($38::timestamptz, $39)
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
-- params: ["nunez","ana","ana","nunez",101,102,103,104,105,106,108,109,201,202,203,204,"ana","anb","anb","nunez","nune{","nune{"," ana"," nunez",101,102,103,104,105,106,108,109,201,202,203,204,"2025-03-01T08:00:00.000Z","2025-03-01T08:00:00.000Z",4321]
