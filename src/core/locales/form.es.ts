/**
 * Spanish texts shared by the form elements, registered by their base class (`conf-form-element.ts`)
 * (same shape as `form.de.ts`).
 */
import { str } from '@lit/localize';

export const templates = {
  'form.choose': 'Elija…',
  'form.required-note': 'Los campos marcados con * son obligatorios.',
  'form.invalid-one': 'Hay una respuesta que corregir.',
  'form.invalid-many': str`Hay ${0} respuestas que corregir.`,
  'form.sending': 'Enviando…',
  'form.retrying': str`El servidor está ocupado; reintentando (${0} de ${1})…`,
  'form.outage': 'Sus respuestas se conservan y nada se envía dos veces. Vuelva a intentarlo en un momento.',
  'form.unconfirmed':
    'Compruebe primero si ha recibido una confirmación (por ejemplo, un correo electrónico). Si no llega ninguna, puede enviarlo de nuevo; si el primer envío sí se registró, constará dos veces.',
  'form.honeypot':
    'No se ha enviado nada: su navegador rellenó un campo oculto que sirve para detectar spam. Ya está vacío de nuevo; revise sus respuestas y vuelva a enviar el formulario.',
  'form.invalid.missing': 'Rellene este campo.',
  'form.invalid.checkbox': 'Marque esta casilla para continuar.',
  'form.invalid.select': 'Elija una de las opciones.',
  'form.invalid.file': 'Elija un archivo.',
  'form.invalid.email': 'Introduzca una dirección de correo electrónico, como nombre@example.org.',
  'form.invalid.url': 'Introduzca una dirección web completa, como https://example.org.',
  'form.invalid.number': 'Introduzca un número.',
  'form.invalid.date': 'Introduzca una fecha completa.',
  'form.invalid.other': 'Introduzca un valor válido.',
  'form.invalid.too-short': str`Use al menos ${0} caracteres (ahora ${1}).`,
  'form.invalid.too-long': str`Use como máximo ${0} caracteres (ahora ${1}).`,
  'form.invalid.min': str`El valor mínimo permitido es ${0}.`,
  'form.invalid.max': str`El valor máximo permitido es ${0}.`,
  'form.invalid.step': 'Este valor no corresponde a ninguno de los intervalos permitidos.',
  'form.invalid.pattern': 'Use el formato indicado.',
  'form.field.required': 'Obligatorio.',
  'form.field.required-paid': 'Obligatorio para una entrada de pago.',
  'form.field.required-registration': 'Obligatorio: los expositores deben estar inscritos.',
  'form.field.email': 'Debe ser una dirección de correo electrónico válida.',
  'form.field.url': 'Debe ser una URL válida.',
  'form.field.https': 'Debe ser una dirección https.',
  'form.field.too-short': str`Debe tener al menos ${0} caracteres.`,
  'form.field.too-long': str`Debe tener como máximo ${0} caracteres.`,
  'form.field.unknown-ticket': 'Tipo de entrada desconocido.',
  'form.field.unknown-method': 'Método de pago desconocido.',
  'form.field.unknown-registration': 'Inscripción desconocida.',
  'form.field.invalid': 'Valor no válido.',
  'form.server.validation': 'Algunas respuestas no se aceptaron; vea los mensajes junto a ellas.',
  'form.server.registration-closed': 'La inscripción a este congreso está cerrada.',
  'form.server.pricing-closed':
    'No hay ningún periodo de tarifas abierto; la inscripción volverá a abrirse más adelante.',
  'form.server.exhibition-closed': 'Las solicitudes de expositores están cerradas.',
  'form.server.exhibition-not-open': 'Las solicitudes de expositores aún no están abiertas.',
  'form.server.payment-required':
    'Esta exposición tiene una tarifa: indique el método de pago, la referencia y el justificante.',
  'form.server.registration-required':
    'Los expositores deben estar inscritos en el congreso: indique su número de inscripción.',
  'form.server.unknown-reference': 'Un número del formulario no existe en este congreso.',
  'form.server.invalid-upload': 'No se aceptó el justificante subido: vuelva a subir el archivo.',
  'form.server.too-large': 'El formulario es demasiado grande para enviarlo.',
  'form.server.rate-limited': 'El servicio del congreso está recibiendo demasiadas solicitudes en este momento.',
  'form.server.unavailable': 'El servicio del congreso no está disponible temporalmente.',
  'form.server.unknown-outcome':
    'El servicio del congreso no confirmó este envío, y es posible que se haya registrado.',
  'form.server.setup':
    'Este formulario no se puede enviar por ahora: el sitio no está configurado para ello. Avise a los organizadores.',
  'form.server.failed': 'El servicio del congreso no pudo procesar la solicitud.',
  'form.upload.help': str`PDF, PNG, JPEG o WebP, hasta ${0} MB.`,
  'form.upload.started': 'Subiendo el justificante…',
  'form.upload.progress': str`Subiendo: ${0} %`,
  'form.upload.progress-label': str`Subiendo ${0}`,
  'form.upload.done': str`${0} subido.`,
  'form.upload.failed': 'No se pudo subir el justificante.',
  'form.upload.retry': 'Subir de nuevo',
  'form.upload.size': str`El archivo supera los ${0} MB.`,
  'form.upload.empty': 'El archivo está vacío.',
  'form.upload.type': 'Este tipo de archivo no se acepta. Elija un archivo PDF, PNG, JPEG o WebP.',
  'form.upload.content':
    'El archivo no es lo que indica su tipo: su contenido no es un archivo PDF, PNG, JPEG o WebP. Elija el archivo original.',
  'form.unreachable': 'Este formulario no se puede enviar en este momento.',
};
