import {
  SLOT_API,
  SLOT_MESSAGES,
  ZAdminIdParams,
  ZAdminSlotCapacitiesRequest,
  ZAppointmentIdParams,
  ZRescheduleRequest,
  ZRescheduleResponse,
  ZSlotListResponse,
  slotLabel,
} from '@giot-hong/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { logFailure } from '../../lib/log-safe-error.ts';

/** Time slots: the public list and the donor's move to another slot. */
export async function slotRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.slots;
  const security = [{ bearer: [] }];

  app.get(
    SLOT_API.campaignSlots(':id'),
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Các khung giờ của chiến dịch: giờ bắt đầu, kết thúc, số chỗ, đã đặt, còn trống',
        params: ZAdminIdParams,
        response: { 200: ZSlotListResponse },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await service.list(request.params.id));
    },
  );

  app.put(
    SLOT_API.appointmentSlot(':id'),
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['appointments'],
        security,
        summary:
          'Đổi sang khung giờ khác của cùng chiến dịch, đến 2 giờ trước khung giờ cũ (409 khi hết chỗ, kèm các khung giờ còn chỗ gần nhất)',
        params: ZAppointmentIdParams,
        body: ZRescheduleRequest,
        response: { 200: ZRescheduleResponse },
      },
    },
    async (request) => {
      const moved = await service.reschedule(request.user.id, request.params.id, request.body.slotStart);
      // The notice is a courtesy: failing to write it never undoes the move.
      await app.notifications
        .notifyRescheduled(moved.appointmentId, {
          start: new Date(moved.slotStart),
          end: new Date(moved.slotEnd),
        })
        .catch((err: Error) => {
          logFailure(request.log, err, 'reschedule notification failed');
        });
      return ok(moved, SLOT_MESSAGES.rescheduled(slotLabel(moved.slotStart, moved.slotEnd)));
    },
  );
}

/** Staff's capacities of a campaign's slots (in the admin scope: STAFF or ADMIN). */
export async function slotAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.slots;
  app.put(
    SLOT_API.adminCampaignSlots(':id'),
    {
      schema: {
        summary: 'Đổi số chỗ của các khung giờ (không nhỏ hơn số người đã đặt)',
        params: ZAdminIdParams,
        body: ZAdminSlotCapacitiesRequest,
        response: { 200: ZSlotListResponse },
      },
    },
    async (request) =>
      ok(
        await service.setCapacities(request.actor, request.params.id, request.body),
        SLOT_MESSAGES.slotsSaved,
      ),
  );
}
