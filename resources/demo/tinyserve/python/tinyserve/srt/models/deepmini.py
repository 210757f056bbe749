# Demo fixture of Kernel Atlas: a small DeepSeek-shaped model (MLA attention, MoE MLP).
from enum import IntEnum

import torch
from torch import nn

from tiny_kernel import bmm_fp8
from tinyserve.srt.layers.activation import SiluAndMul
from tinyserve.srt.layers.layernorm import RMSNorm
from tinyserve.srt.layers.linear import ColumnParallelLinear, ReplicatedLinear, RowParallelLinear
from tinyserve.srt.layers.moe.fused_moe import get_moe_impl_class
from tinyserve.srt.layers.moe.topk import TopK
from tinyserve.srt.layers.radix_attention import RadixAttention
from tinyserve.srt.layers.rotary_embedding import get_rope


class AttnForwardMethod(IntEnum):
    MHA = 1
    MLA = 2


class DeepMiniMLP(nn.Module):
    def __init__(self, hidden_size, intermediate_size, quant_config=None):
        super().__init__()
        self.gate_up_proj = ColumnParallelLinear(hidden_size, 2 * intermediate_size, quant_config)
        self.down_proj = RowParallelLinear(intermediate_size, hidden_size, quant_config)
        self.act_fn = SiluAndMul()

    def forward(self, x):
        gate_up = self.gate_up_proj(x)
        x = self.act_fn(gate_up)
        return self.down_proj(x)


class MoEGate(nn.Module):
    def forward(self, hidden_states):
        return torch.nn.functional.linear(hidden_states, self.weight)


class DeepMiniMoE(nn.Module):
    def __init__(self, config, quant_config=None):
        super().__init__()
        self.gate = MoEGate()
        self.topk = TopK(config.top_k)
        self.experts = get_moe_impl_class(quant_config)(config.n_experts, config.hidden_size, quant_config)
        self.shared_experts = DeepMiniMLP(config.hidden_size, config.moe_size, quant_config)
        self.use_deepep = config.use_deepep

    def forward(self, hidden_states):
        if self.use_deepep:
            return self.forward_deepep(hidden_states)
        return self.forward_normal(hidden_states)

    def forward_normal(self, hidden_states):
        shared_output = self.shared_experts(hidden_states)
        router_logits = self.gate(hidden_states)
        topk_output = self.topk(hidden_states, router_logits)
        return self.experts(hidden_states, topk_output) + shared_output

    def forward_deepep(self, hidden_states):
        router_logits = self.gate(hidden_states)
        topk_output = self.topk(hidden_states, router_logits)
        return self.experts(hidden_states, topk_output)


class DeepMiniAttention(nn.Module):
    def __init__(self, config, layer_id, quant_config=None):
        super().__init__()
        self.q_a_proj = ReplicatedLinear(config.hidden_size, config.q_lora_rank, quant_config)
        self.q_a_layernorm = RMSNorm(config.q_lora_rank)
        self.q_b_proj = ColumnParallelLinear(config.q_lora_rank, config.qk_dim, quant_config)
        self.kv_a_proj_with_mqa = ReplicatedLinear(config.hidden_size, config.kv_lora_rank, quant_config)
        self.kv_a_layernorm = RMSNorm(config.kv_lora_rank)
        self.kv_b_proj = ColumnParallelLinear(config.kv_lora_rank, config.kv_dim, quant_config)
        self.o_proj = RowParallelLinear(config.v_dim, config.hidden_size, quant_config)
        self.rotary_emb = get_rope(config.rope_dim, config.rope_dim, config.rope_theta)
        self.attn_mqa = RadixAttention(1, config.kv_lora_rank, config.scaling, layer_id)
        self.attn_mha = RadixAttention(config.n_heads, config.head_dim, config.scaling, layer_id)
        self.w_kc = None

    def dispatch_attn_forward_method(self, forward_batch):
        if forward_batch.forward_mode.is_decode():
            return AttnForwardMethod.MLA
        return AttnForwardMethod.MHA

    def forward(self, positions, hidden_states, forward_batch):
        attn_forward_method = self.dispatch_attn_forward_method(forward_batch)
        if attn_forward_method == AttnForwardMethod.MHA:
            return self.forward_normal(positions, hidden_states, forward_batch)
        return self.forward_absorb(positions, hidden_states, forward_batch)

    def forward_normal(self, positions, hidden_states, forward_batch):
        q = self.q_b_proj(self.q_a_layernorm(self.q_a_proj(hidden_states)))
        latent = self.kv_a_proj_with_mqa(hidden_states)
        kv = self.kv_b_proj(self.kv_a_layernorm(latent))
        q, k = self.rotary_emb(positions, q, kv)
        attn_output = self.attn_mha(q, k, kv, forward_batch)
        return self.o_proj(attn_output)

    def forward_absorb(self, positions, hidden_states, forward_batch):
        q = self.q_b_proj(self.q_a_layernorm(self.q_a_proj(hidden_states)))
        latent = self.kv_a_proj_with_mqa(hidden_states)
        k_nope = self.kv_a_layernorm(latent)
        q_nope_out = bmm_fp8(q, self.w_kc, torch.bfloat16)
        q_pe, k_pe = self.rotary_emb(positions, q, latent)
        attn_output = self.attn_mqa(q_nope_out, k_nope, k_pe, forward_batch)
        return self.o_proj(attn_output)


class DeepMiniDecoderLayer(nn.Module):
    def __init__(self, config, layer_id, quant_config=None):
        super().__init__()
        self.self_attn = DeepMiniAttention(config, layer_id, quant_config)
        if layer_id >= config.first_k_dense_replace:
            self.mlp = DeepMiniMoE(config, quant_config)
        else:
            self.mlp = DeepMiniMLP(config.hidden_size, config.intermediate_size, quant_config)
        self.input_layernorm = RMSNorm(config.hidden_size)
        self.post_attention_layernorm = RMSNorm(config.hidden_size)

    def forward(self, positions, hidden_states, forward_batch, residual):
        hidden_states, residual = self.input_layernorm(hidden_states, residual)
        hidden_states = self.self_attn(positions, hidden_states, forward_batch)
        hidden_states, residual = self.post_attention_layernorm(hidden_states, residual)
        hidden_states = self.mlp(hidden_states)
        return hidden_states, residual


class DeepMiniModel(nn.Module):
    def __init__(self, config, quant_config=None):
        super().__init__()
        self.embed_tokens = nn.Embedding(config.vocab_size, config.hidden_size)
        self.layers = nn.ModuleList(
            [DeepMiniDecoderLayer(config, i, quant_config) for i in range(config.num_hidden_layers)]
        )
        self.norm = RMSNorm(config.hidden_size)

    def forward(self, input_ids, positions, forward_batch):
        hidden_states = self.embed_tokens(input_ids)
        residual = None
        for layer in self.layers:
            hidden_states, residual = layer(positions, hidden_states, forward_batch, residual)
        hidden_states, _ = self.norm(hidden_states, residual)
        return hidden_states


class DeepMiniForCausalLM(nn.Module):
    def __init__(self, config, quant_config=None):
        super().__init__()
        from tinyserve.srt.layers.logits_processor import LogitsProcessor
        from tinyserve.srt.layers.vocab_parallel_embedding import ParallelLMHead

        self.model = DeepMiniModel(config, quant_config)
        self.lm_head = ParallelLMHead(config.vocab_size, config.hidden_size)
        self.logits_processor = LogitsProcessor(config)

    def forward(self, input_ids, positions, forward_batch):
        hidden_states = self.model(input_ids, positions, forward_batch)
        return self.logits_processor(input_ids, hidden_states, self.lm_head, forward_batch)
