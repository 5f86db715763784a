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
              select
                fp.id_solicitud as id,
                fp.fecha_solicitud as fecha
              from
                funcionarios_palabras fp
              where
                (
                  fp.palabra >= $8
                  and fp.palabra < $9
                  and strpos(fp.palabras, $10) > 0
                  and not (
                    (
                      strpos(fp.incumbente, $11) > 0
                      and strpos(fp.incumbente, $12) > 0
                    )
                  )
                  and fp.estatus in ($13, $14)
                  and not exists (
                    select
                      1
                    from
                      funcionarios_palabras f2
                    where
                      f2.id_solicitud = fp.id_solicitud
                      and f2.palabra >= $15
                      and f2.palabra < $16
                      and (f2.palabra, f2.id_funcionario) < (fp.palabra, fp.id_funcionario)
                      and strpos(f2.palabras, $17) > 0
                  )
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
-- params: ["ana","anabel","nunez","ana","nunez",101,204,"nunez","nune{"," ana"," ana"," nunez",101,204,"nunez","nune{"," ana"]
