import { ZForgotPasswordBody, ZLoginBody } from '@itms/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { ANY_USER } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';

const ZResetBody = z.object({
  token: z.string().min(10).max(200),
  password: z.string().min(8, 'Password minimal 8 karakter').max(200),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tire-man/login',
    { config: { public: true }, schema: { tags: ['session'], body: ZLoginBody } },
    async (req) =>
      app.auth.login(
        req.body.email,
        req.body.password,
        req.ip,
        req.headers['user-agent'] ?? '',
        req.body.device_id,
        req.body.takeover,
      ),
  );

  app.post(
    '/tire-man/credential',
    { config: { roles: ANY_USER }, schema: { tags: ['session'] } },
    async (req) => currentUser(req),
  );

  app.get('/tire-man-login', { config: { roles: ANY_USER }, schema: { tags: ['session'] } }, async (req) =>
    currentUser(req),
  );

  app.post(
    '/tire-man-logout',
    { config: { roles: ANY_USER }, schema: { tags: ['session'] } },
    async (req) => {
      if (req.auth) await app.auth.logout(req.auth);
      return { message: 'Berhasil logout' };
    },
  );

  app.post(
    '/tire-man/forgot-password',
    { config: { public: true }, schema: { tags: ['session'], body: ZForgotPasswordBody } },
    async (req) => {
      const reset = await app.auth.createPasswordReset(req.body.phone);
      if (!reset) throw badRequest('Tolong tulis nomor WA dengan benar');
      const link = `${app.config.publicUrl}/reset-password?token=${reset.token}`;
      await app.whatsapp.send(
        req.body.phone,
        `Halo ${reset.name}, buka tautan ini untuk membuat password baru ITMS (berlaku 30 menit): ${link}`,
      );
      return { message: 'mohon cek whatsapp anda' };
    },
  );

  app.post(
    '/tire-man/reset-password',
    { config: { public: true }, schema: { tags: ['session'], body: ZResetBody } },
    async (req) => {
      await app.auth.resetPassword(req.body.token, req.body.password);
      return { message: 'Password berhasil diubah, silakan login' };
    },
  );
};
