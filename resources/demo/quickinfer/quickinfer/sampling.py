# Demo fixture of Kernel Atlas: sampling from probabilities.


def top_k_top_p_sampling_from_probs(probs, top_k, top_p):
    return probs
