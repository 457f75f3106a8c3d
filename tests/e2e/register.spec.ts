import { expect } from '@playwright/test';
import { expectToast, registerWithForm, test } from './helpers.ts';

test('registering with an empty field asks to complete them all', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Nombre').fill('Ana');
  await page.getByLabel('Correo electrónico').fill('ana@example.com');
  await page.getByRole('button', { name: 'Registrarse' }).click();

  await expectToast(page, 'Por favor, completa todos los campos.');
  await expect(page).toHaveURL(/\/register$/);
});

test("registering a taken email shows the server's message", async ({ page, api }) => {
  const user = await api.signUp('repetido');

  await registerWithForm(page, user);

  await expectToast(page, 'Ya existe una cuenta con ese correo electrónico.', 'Error en el registro');
  await expect(page).toHaveURL(/\/register$/);
});

test('the sign-in and register screens link to each other', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Regístrate' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByRole('link', { name: 'Inicia sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
