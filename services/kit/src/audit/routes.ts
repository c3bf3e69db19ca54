import type { FastifyInstance, FastifyRequest } from 'fastify'
import { clientAddress } from '../client-address.js'
import type { AuditTrail } from './trail.js'

/**
 * What a route declares to be audited: `config: { audit: { action: 'user.read', kind: 'user' } }`.
 * After the response, a signed-in caller's request is recorded with its outcome. The record id is
 * the route's `:id` parameter unless the handler says otherwise (request.auditFacts).
 */
export interface AuditRouteConfig {
  action: string
  kind?: string
  /** The record is a patient's account itself: the patient is the record id. */
  recordIsPatient?: boolean
}

/** What only the handler knows (the appointment's patient, a list's filters); optional. */
export interface AuditFacts {
  recordId?: string
  patientId?: string
  detail?: string
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRouteConfig
  }
  interface FastifyInstance {
    audit: AuditTrail
  }
  interface FastifyRequest {
    auditFacts: AuditFacts
  }
}

function routeId(req: FastifyRequest): string | undefined {
  const params = req.params as Record<string, unknown> | undefined
  return typeof params?.id === 'string' ? params.id : undefined
}

/** Records every request to a route that declares `config.audit`, made by a signed-in caller. */
export function auditDeclaredRoutes(app: FastifyInstance, trail: AuditTrail) {
  app.decorate('audit', trail)
  app.decorateRequest('auditFacts', {
    getter() {
      const self = this as FastifyRequest & { _auditFacts?: AuditFacts }
      return (self._auditFacts ??= {})
    },
  })
  app.addHook('onResponse', async (req, reply) => {
    const declared = req.routeOptions.config.audit
    // Anonymous callers reach no patient data (401): nothing to attribute.
    if (!declared || !req.user) return
    const facts = req.auditFacts
    const recordId = facts.recordId ?? routeId(req) ?? null
    void trail.record({
      actorId: req.user.id,
      actorRole: req.user.role,
      action: declared.action,
      recordKind: declared.kind ?? null,
      recordId,
      patientId: facts.patientId ?? (declared.recordIsPatient ? recordId : null),
      address: clientAddress(req),
      userAgent: req.headers['user-agent'] ?? null,
      outcome: reply.statusCode,
      detail: facts.detail ?? null,
    })
  })
}
