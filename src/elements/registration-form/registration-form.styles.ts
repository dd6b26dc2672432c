import { css } from 'lit';

export const registrationFormStyles = css`
  .form-skeleton {
    height: 28em;
  }
  .proof {
    border-style: dashed;
  }
`;
